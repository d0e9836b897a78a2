import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, login } from '../api.js';
import type { Texts } from '../i18n.js';
import { useForm } from '../form.js';
import { NewPasswordFields, newPasswordChecks } from '../password-form.js';
import { FormError, TextField } from '../ui.js';

/**
 * A fresh server's first account (`/app/setup?token=…`, the link the server prints at start while
 * no account exists: docs/app.md, "First run"). The form sends the secret with the new login; the
 * server makes a customer and its login, and the app signs in with them and goes to the sites page,
 * where the next step is adding the site. A link that no longer works says so and offers sign-in.
 */

/** Whether the server still takes this link: null while asking. */
async function linkWorks(token: string): Promise<boolean> {
  const res = await fetch(`/app/api/setup?token=${encodeURIComponent(token)}`, { headers: { accept: 'application/json' } });
  return res.ok;
}

async function createFirstAccount(body: { token: string; login: string; password: string; name: string }): Promise<void> {
  const res = await fetch('/app/api/setup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.ok) return;
  const refusal = (await res.json().catch(() => ({}))) as { message?: string; field?: string };
  const message = refusal.message ?? `${res.status}`;
  const m = /^(\d+):\s*(.*)$/s.exec(message);
  // The envelope names the field it refuses (`field`), beside which the form shows it.
  throw new ApiFailure(res.status, m ? Number(m[1]) : res.status * 1000, m ? m[2]! : message, refusal.field ?? null);
}

export function Setup({ t, token, onSignedIn }: { t: Texts; token: string; onSignedIn(): void }) {
  const loc = useLocation();
  const [works, setWorks] = useState<boolean | null>(null);
  useEffect(() => {
    document.title = t.setupTitle;
    linkWorks(token).then(setWorks, () => setWorks(false));
  }, [token]);
  const form = useForm(
    { name: '', login: '', password: '', again: '' },
    {
      check: newPasswordChecks(t),
      async submit(v) {
        try {
          await createFirstAccount({ token, login: v.login, password: v.password, name: v.name });
        } catch (e) {
          // The link died meanwhile (another tab, create-account): say so instead of a bare refusal.
          if (e instanceof ApiFailure && (e.status === 403 || e.status === 409)) return setWorks(false);
          throw e;
        }
        await login(v.login, v.password);
        loc.route('/app/sites?welcome=1', true);
        onSignedIn();
      },
    },
  );
  return (
    <main class="signin">
      <h1>{t.product}</h1>
      {works === null ? (
        <p class="muted" role="status">
          {t.loading}
        </p>
      ) : works ? (
        <form onSubmit={form.onSubmit} noValidate aria-labelledby="setup-title">
          <h2 id="setup-title">{t.setupTitle}</h2>
          <p>{t.setupIntro}</p>
          <TextField {...form.field('name', t.setupCompany)} autocomplete="organization" />
          <TextField {...form.field('login', t.login)} autocomplete="username" required />
          <NewPasswordFields t={t} form={form} label={t.password} />
          <FormError errors={form.errors} />
          <button type="submit" disabled={form.busy}>
            {t.setupCreate}
          </button>
        </form>
      ) : (
        <section aria-labelledby="setup-title">
          <h2 id="setup-title">{t.setupTitle}</h2>
          <p class="error" role="alert">
            {t.setupDeadLink}
          </p>
          <p>
            <a href="/app/">{t.goToSignIn}</a>
          </p>
        </section>
      )}
    </main>
  );
}
