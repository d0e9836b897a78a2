import type { TargetRules } from './target-guard.js';

/**
 * What the webhook REST functions need of the running webhooks: the target rules (a URL is refused
 * as the worker would refuse it) and the subscriptions to reload. createWebhooks makes it; the
 * composition root gives it to the REST API as the `webhooks` service (api/function.ts, `needs`).
 */
export interface WebhookControl {
  rules: TargetRules;
  /** After an endpoint changed: this process reloads at once, the others hear it. */
  changed(): Promise<void>;
  /** Reads the outbox soon. */
  wake(): void;
}

declare module '../api/function.js' {
  interface Services {
    /** The webhooks' target rules and reloads. */
    webhooks: WebhookControl;
  }
}
