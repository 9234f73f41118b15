import type { Bus } from '../src/bus/bus.ts'

export interface HeldBus extends Bus {
  /** Lets every handler waiting, and every later one, run. */
  release(): void
}

/**
 * `inner` with its subscribers' handlers held until `release()`: the messages stay on the bus,
 * delivered but not acknowledged, as with a consumer far behind, and nothing is applied meanwhile.
 */
export function heldBus(inner: Bus): HeldBus {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  return {
    publish: (message) => inner.publish(message),
    publishAll: (messages) => inner.publishAll(messages),
    subscribe: (options) =>
      inner.subscribe({
        ...options,
        handler: async (message) => {
          await released
          await options.handler(message)
        },
      }),
    observe: (subjects, handler) => inner.observe(subjects, handler),
    pending: (durable, filter) => inner.pending(durable, filter),
    close: () => inner.close(),
    release: () => release(),
  }
}
