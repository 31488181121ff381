import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SETTING_SCHEMA, parseSetting, type SettingKey } from '../../../contracts/settings'
import { CONFIG_SECTIONS } from './config/config-sections'
import { SettingField } from './setting-field'

const render = (settingKey: SettingKey, value: string) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(SettingField, {
        settingKey,
        setting: { id: 1, key: settingKey, value, description: '', category: 'payment' },
      }),
    ),
  )

describe('the admin config form', () => {
  it('takes a range’s bounds, label and hint from the settings schema, as the server does', () => {
    const { type, label } = SETTING_SCHEMA.pix_expiry_minutes
    const html = render('pix_expiry_minutes', '60')
    expect(html).toContain(`type="number"`)
    expect(html).toContain(`min="${type.min}"`)
    expect(html).toContain(`max="${type.max}"`)
    expect(html).toContain(label)
    expect(html).toContain(`de ${type.min} a ${type.max}; padrão 60`)
    // What the form refuses on blur is what the server refuses, with the same words.
    expect(parseSetting('pix_expiry_minutes', String(type.max! + 1))).toEqual({
      ok: false,
      message: 'Use de 30 a 1440 minutos (24 horas)',
    })
    expect(parseSetting('pix_expiry_minutes', String(type.max))).toEqual({
      ok: true,
      value: type.max,
    })
  })

  it('writes no label, hint, type or bound of its own for a setting', () => {
    for (const fields of Object.values(CONFIG_SECTIONS)) {
      for (const field of fields) {
        expect(Object.keys(field).filter((k) => ['label', 'hint', 'type'].includes(k))).toEqual([])
      }
    }
  })

  it('shows a secret masked, never its value; a token’s length comes from the schema too', () => {
    const html = render('asaas_webhook_token', '••••1234')
    const { minLength, maxLength } = SETTING_SCHEMA.asaas_webhook_token.type
    expect(html).toContain(`de ${minLength} a ${maxLength} caracteres`)
    expect(html.toLowerCase()).toContain(`maxlength="${maxLength}"`)
    // The masked secret is a hint in the empty field, never its value.
    const input = /<input [^>]*placeholder="••••1234"[^>]*>/.exec(html)?.[0]
    expect(input).toBeDefined()
    expect(input).not.toMatch(/ value="[^"]/)
  })

  it('never shows a setting’s key: every field reads as its label', () => {
    for (const key of Object.keys(SETTING_SCHEMA) as SettingKey[]) {
      const html = render(key, '')
      // The key is the field's name and id (attributes); the text the owner reads has none.
      const text = html.replace(/<[^>]*>/g, ' ')
      expect(text, key).not.toContain(key)
      expect(text).toContain(SETTING_SCHEMA[key].label)
    }
  })

  it('an on/off setting is a switch saying Ligado or Desligado, never true or false', () => {
    const on = render('recovery_enabled', 'true')
    expect(on).toContain('role="switch"')
    // An HTML attribute, written `checked` or `checked=""` alike.
    const checked = / checked(="")?[ />]/
    expect(on).toMatch(checked)
    expect(on).toContain('Ligado')
    const off = render('recovery_enabled', 'false')
    expect(off).not.toMatch(checked)
    expect(off).toContain('Desligado')
    expect(off.replace(/<[^>]*>/g, ' ')).not.toMatch(/\b(true|false)\b/)
  })

  it('a choice lists its options by name, the store’s own PIX key first', () => {
    const html = render('pix_provider', 'auto')
    const names = [...html.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1])
    expect(names[0]).toMatch(/^Minha chave PIX/)
    expect(names).toContain('Woovi (OpenPix)')
    expect(names).not.toContain('auto')
  })
})
