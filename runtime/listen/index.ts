/**
 * `client.listen()`: subscriptions in both eras, their buffers and cache invalidation.
 */
export { DEFAULT_LISTEN_BUFFER, ListenHub } from "./listen.js";
export type { ListenOptions, Subscription, SubscriptionFilter } from "./listen.js";
