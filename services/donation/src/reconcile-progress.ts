import { SITE_TIME_ZONE } from '@donaciones/contracts'
import type { ReconcileStep } from './commands/reconcile.ts'

const mexicoCity = new Intl.DateTimeFormat('es-MX', { timeZone: SITE_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' })

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`
}

/** One step of a reconciliation as an operator reads it in the command's output. */
export function reconcileStepText(step: ReconcileStep): string {
  switch (step.step) {
    case 'skipped':
      return step.provider === 'conekta'
        ? 'Conekta no tiene llave privada configurada: se omiten sus pedidos, las fichas OXXO y las donaciones mensuales.'
        : 'PayPal no tiene credenciales configuradas: se omiten sus pedidos pendientes.'
    case 'orders':
      return `Leyendo pedidos pagados de Conekta desde el ${mexicoCity.format(step.since)} (hora de la Ciudad de México)…`
    case 'orders-listed':
      return `${count(step.total, 'pedido pagado encontrado', 'pedidos pagados encontrados')}.`
    case 'orders-checked':
      return `${step.checked} de ${count(step.total, 'pedido revisado', 'pedidos revisados')}, ${count(step.recorded, 'donación registrada', 'donaciones registradas')}, ${count(step.approved, 'aprobada', 'aprobadas')}.`
    case 'vouchers':
      return `Venciendo fichas OXXO cuya vigencia terminó: ${step.due}…`
    case 'vouchers-checked':
      return `Fichas OXXO: ${count(step.expired, 'vencida', 'vencidas')}, ${count(step.paid, 'pagada', 'pagadas')}.`
    case 'subscriptions':
      return `Revisando ${count(step.open, 'donación mensual abierta', 'donaciones mensuales abiertas')} con Conekta…`
    case 'subscriptions-checked':
      return `Donaciones mensuales: ${count(step.checked, 'revisada', 'revisadas')}, ${count(step.suspended, 'suspendida', 'suspendidas')}, ${count(step.cancelled, 'cancelada', 'canceladas')}.`
    case 'paypal':
      return `Revisando ${count(step.pending, 'pedido pendiente', 'pedidos pendientes')} de PayPal…`
    case 'paypal-checked':
      return `PayPal: ${count(step.approved, 'donación aprobada', 'donaciones aprobadas')}.`
    case 'error':
      return `Error: ${step.error}`
  }
}
