import type { Store } from '../store/open.js';
import type { TargetRules } from './target-guard.js';

/**
 * What the webhook REST functions need of the running webhooks: the target rules (a URL is refused
 * as the worker would refuse it) and the subscriptions to reload. The REST functions are one static
 * list (rest-functions.ts) run with the store alone, so createWebhooks leaves these here for the
 * store it serves; a store without webhooks (a tool that runs functions alone) gets the strict rules.
 */
export interface WebhookControl {
  rules: TargetRules;
  /** After an endpoint changed: this process reloads at once, the others hear it. */
  changed(): Promise<void>;
  /** Reads the outbox soon. */
  wake(): void;
}

const controls = new WeakMap<Store, WebhookControl>();

export function registerControl(store: Store, control: WebhookControl): () => void {
  controls.set(store, control);
  return () => controls.delete(store);
}

export function controlOf(store: Store): WebhookControl {
  return (
    controls.get(store) ?? {
      rules: {},
      changed: async () => store.siteDataChanged(),
      wake: () => {},
    }
  );
}
