// The notices of an order event (e-mail and WhatsApp, written in the event's transaction) are
// prepared before the transaction and flushed after it by ONE unit of work, inside the orders
// module (src/server/modules/orders/order-change.ts, decision 023). Anywhere else, preparing
// or flushing them by hand is the sequence this rule retired: the notices then go out of step
// with the change (a flush forgotten, a prepare inside the transaction that waits forever on
// PGlite). Another module changes an order through the orders service (`placeWith`,
// `notifyWith`, `markOrderPaid`, `close`…), which does the whole sequence.
//
// What counts as "the notices' prepare/flush": a call of `.prepare()` or `.flush()` on anything
// named `notices` (`notices.prepare()`, `deps.notices.flush()`, `messaging.notices.prepare()`),
// the old `prepareNotices` / `flushNotices` members, and the `NO_NOTICES` stand-in. Messaging
// only implements `prepare` and `flush` (object properties, not calls), so it is not caught;
// its other outbox (the recovery reminders, `reminders.prepare()`) is not an order change.

const MESSAGE =
  'Só o módulo orders prepara e envia os avisos de um pedido (withOrderChange, decision 023): use orders.placeWith, orders.notifyWith ou a mudança de status do service.'

const notices = '/^notices$/i'

export const orderNoticesRule = [
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/modules/orders/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression > MemberExpression.callee[property.name=/^(prepare|flush)$/][object.name=${notices}]`,
          message: MESSAGE,
        },
        {
          selector: `CallExpression > MemberExpression.callee[property.name=/^(prepare|flush)$/][object.property.name=${notices}]`,
          message: MESSAGE,
        },
        {
          selector: 'Identifier[name=/^(prepareNotices|flushNotices|NO_NOTICES)$/]',
          message: MESSAGE,
        },
      ],
    },
  },
]
