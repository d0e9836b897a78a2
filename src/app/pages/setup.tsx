import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, login } from '../api.js';
import type { Texts } from '../i18n.js';
import { FormError, TextField, useSubmit } from '../ui.js';

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
  const [name, setName] = useState('');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  useEffect(() => {
    document.title = t.setupTitle;
    linkWorks(token).then(setWorks, () => setWorks(false));
  }, [token]);
  const form = useSubmit(async () => {
    if (password.length < 8) return form.setErrors({ password: t.passwordShort });
    if (password !== again) return form.setErrors({ again: t.passwordsDiffer });
    try {
      await createFirstAccount({ token, login: account, password, name });
    } catch (e) {
      // The link died meanwhile (another tab, create-account): say so instead of a bare refusal.
      if (e instanceof ApiFailure && (e.status === 403 || e.status === 409)) return setWorks(false);
      throw e;
    }
    await login(account, password);
    loc.route('/app/sites?welcome=1', true);
    onSignedIn();
  });
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
          <TextField id="name" label={t.setupCompany} value={name} onInput={setName} autocomplete="organization" error={form.errors.name} />
          <TextField
            id="login"
            label={t.login}
            value={account}
            onInput={setAccount}
            autocomplete="username"
            required
            error={form.errors.login}
          />
          <TextField
            id="password"
            label={t.password}
            type="password"
            value={password}
            onInput={setPassword}
            autocomplete="new-password"
            required
            error={form.errors.password}
          />
          <TextField
            id="again"
            label={t.passwordAgain}
            type="password"
            value={again}
            onInput={setAgain}
            autocomplete="new-password"
            required
            error={form.errors.again}
          />
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
