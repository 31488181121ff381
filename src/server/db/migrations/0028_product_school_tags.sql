ALTER TABLE "products" ADD COLUMN "bncc" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "anos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "componentes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tipo" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tema" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "paginas" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_paginas_positive" CHECK ("products"."paginas" IS NULL OR "products"."paginas" > 0);--> statement-breakpoint
-- What each old category meant, in the new terms (contracts/school.ts CATEGORY_TAGS).
UPDATE "products" SET "anos" = '{ei-bebes,ei-bem-pequenas,ei-pequenas}'::text[] WHERE "category" = 'educacao_infantil';--> statement-breakpoint
UPDATE "products" SET "anos" = '{1,2,3,4,5}'::text[] WHERE "category" = 'ensino_fundamental';--> statement-breakpoint
UPDATE "products" SET "componentes" = '{LP}'::text[], "tema" = 'alfabetizacao' WHERE "category" = 'alfabetizacao';--> statement-breakpoint
UPDATE "products" SET "componentes" = '{MA}'::text[] WHERE "category" = 'matematica';--> statement-breakpoint
UPDATE "products" SET "componentes" = '{LP}'::text[] WHERE "category" = 'portugues';--> statement-breakpoint
UPDATE "products" SET "componentes" = '{CI}'::text[] WHERE "category" = 'ciencias';--> statement-breakpoint
UPDATE "products" SET "componentes" = '{HI,GE}'::text[] WHERE "category" = 'historia_geografia';--> statement-breakpoint
UPDATE "products" SET "tema" = 'educacao-inclusiva' WHERE "category" = 'educacao_inclusiva';--> statement-breakpoint
UPDATE "products" SET "tema" = 'educacao-especial' WHERE "category" = 'educacao_especial';--> statement-breakpoint
UPDATE "products" SET "tema" = 'datas-comemorativas' WHERE "category" = 'datas_comemorativas';--> statement-breakpoint
UPDATE "products" SET "tipo" = 'planner' WHERE "category" = 'planejamento_organizadores';--> statement-breakpoint
UPDATE "products" SET "tipo" = 'jogo' WHERE "category" = 'jogos_recursos_ludicos';--> statement-breakpoint
UPDATE "products" SET "tipo" = 'avaliacao' WHERE "category" = 'relatorios_avaliacao';--> statement-breakpoint
UPDATE "products" SET "tipo" = 'cartaz' WHERE "category" = 'cartazes_murais';--> statement-breakpoint
UPDATE "products" SET "tema" = 'bncc-na-pratica' WHERE "category" = 'bncc_pratica';--> statement-breakpoint
UPDATE "products" SET "tipo" = 'atividades' WHERE "category" = 'livros_atividades';--> statement-breakpoint
UPDATE "products" SET "tema" = 'psicomotricidade' WHERE "category" = 'psicomotricidade';--> statement-breakpoint
UPDATE "products" SET "componentes" = '{AR}'::text[] WHERE "category" = 'artes_musica';--> statement-breakpoint
UPDATE "products" SET "componentes" = '{LI}'::text[] WHERE "category" = 'ingles';--> statement-breakpoint
UPDATE "products" SET "tema" = 'coordenacao-gestao' WHERE "category" = 'coordenacao_gestao';--> statement-breakpoint
UPDATE "products" SET "tema" = 'formacao-continuada' WHERE "category" = 'formacao_professores';--> statement-breakpoint
UPDATE "products" SET "tema" = 'recursos-digitais' WHERE "category" = 'recursos_digitais';
