import { useEffect, useState } from 'preact/hooks';
import { ApiFailure } from '../api.js';
import type { Lang, Texts } from '../i18n.js';
import { FormError, TextField, useSubmit } from '../ui.js';

/**
 * "Forgot password?" (`/app/forgot`) and the link the mail brings (`/app/reset?token=…`):
 * docs/notifications.md, "Password reset". Both work signed out; the answer to an address is the
 * same whether an account has it or not, so the page says only that a mail goes if one does.
 */

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { data?: unknown; message?: string; field?: string };
  if (res.ok) return answer.data;
  const message = answer.message ?? `${res.status}`;
  const m = /^(\d+):\s*(.*)$/s.exec(message);
  throw new ApiFailure(res.status, m ? Number(m[1]) : res.status * 1000, m ? m[2]! : message, answer.field ?? null);
}

export function ForgotPassword({ t, lang }: { t: Texts; lang: Lang }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<{ mail: boolean } | null>(null);
  useEffect(() => {
    document.title = t.forgotTitle;
  }, []);
  const form = useSubmit(async () => {
    setSent((await post('/app/api/password-reset', { email, lang })) as { mail: boolean });
  });
  return (
    <main class="signin">
      <h1>{t.product}</h1>
      <form onSubmit={form.onSubmit} noValidate aria-labelledby="forgot-title">
        <h2 id="forgot-title">{t.forgotTitle}</h2>
        <p>{t.forgotIntro}</p>
        <TextField
          id="email"
          label={t.resetEmail}
          type="email"
          value={email}
          onInput={setEmail}
          autocomplete="email"
          required
          error={form.errors.email}
        />
        <FormError errors={form.errors} />
        {sent && (
          <p role="status" class={sent.mail ? undefined : 'error'}>
            {sent.mail ? t.forgotSent : t.mailOffReset}
          </p>
        )}
        <button type="submit" disabled={form.busy}>
          {t.forgotSend}
        </button>
        <p>
          <a href="/app/">{t.goToSignIn}</a>
        </p>
      </form>
    </main>
  );
}

export function ResetPassword({ t, token }: { t: Texts; token: string }) {
  const [works, setWorks] = useState<boolean | null>(null);
  const [done, setDone] = useState(false);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  useEffect(() => {
    document.title = t.resetTitle;
    fetch(`/app/api/password-reset?token=${encodeURIComponent(token)}`, { headers: { accept: 'application/json' } }).then(
      (r) => setWorks(r.ok),
      () => setWorks(false),
    );
  }, [token]);
  const form = useSubmit(async () => {
    if (password.length < 8) return form.setErrors({ password: t.passwordShort });
    if (password !== again) return form.setErrors({ again: t.passwordsDiffer });
    try {
      await post('/app/api/password-reset/confirm', { token, password });
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 410) return setWorks(false);
      throw e;
    }
    setDone(true);
  });
  return (
    <main class="signin">
      <h1>{t.product}</h1>
      {works === null ? (
        <p class="muted" role="status">
          {t.loading}
        </p>
      ) : done || !works ? (
        <section aria-labelledby="reset-title">
          <h2 id="reset-title">{t.resetTitle}</h2>
          <p role={done ? 'status' : 'alert'} class={done ? undefined : 'error'}>
            {done ? t.resetDone : t.resetDeadLink}
          </p>
          <p>
            <a href={done ? '/app/' : '/app/forgot'}>{done ? t.goToSignIn : t.forgotTitle}</a>
          </p>
        </section>
      ) : (
        <form onSubmit={form.onSubmit} noValidate aria-labelledby="reset-title">
          <h2 id="reset-title">{t.resetTitle}</h2>
          <TextField
            id="password"
            label={t.newPassword}
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
          <FormError errors={{ _: form.errors._ ?? form.errors.token ?? '' }} />
          <button type="submit" disabled={form.busy}>
            {t.resetSave}
          </button>
        </form>
      )}
    </main>
  );
}
