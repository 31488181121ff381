import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** A page shell as Vite builds it: the head marker the server fills, and one module script. */
export const SHELL_HTML = `<!doctype html><html><head><!--app-head--><title>Loja</title>
<script type="module" src="/assets/app.js"></script></head>
<body><div id="root"></div></body></html>`

/**
 * A built client of the test's own (`createTestStore({ clientDir })`): the suite must not depend
 * on `npm run build` having run, as in a fresh clone.
 */
export async function writeBuiltClient(html = SHELL_HTML) {
  const dir = await mkdtemp(path.join(tmpdir(), 'loja-client-'))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(path.join(dir, 'index.html'), html)
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)\n')
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
