import { createContext, type ReactNode } from 'react'

/**
 * What a product card carries beside its link (the heart of 'Favoritos'), handed down by the
 * app: the catalogue, which draws the cards, imports no other feature (eslint/client-boundaries).
 */
export type CardAction = (productId: number) => ReactNode

export const CardActionContext = createContext<CardAction | null>(null)
