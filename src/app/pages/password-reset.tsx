import { useEffect, useState } from 'preact/hooks';
import { ApiFailure } from '../api.js';
import type { Lang, Texts } from '../i18n.js';
import { useForm } from '../form.js';
import { NewPasswordFields, newPasswordChecks } from '../password-form.js';
import { FormError, TextField } from '../ui.js';

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
  const [sent, setSent] = useState<{ mail: boolean } | null>(null);
  useEffect(() => {
    document.title = t.forgotTitle;
  }, []);
  const form = useForm(
    { email: '' },
    {
      async submit(v) {
        setSent((await post('/app/api/password-reset', { email: v.email, lang })) as { mail: boolean });
      },
    },
  );
  return (
    <main class="signin">
      <h1>{t.product}</h1>
      <form onSubmit={form.onSubmit} noValidate aria-labelledby="forgot-title">
        <h2 id="forgot-title">{t.forgotTitle}</h2>
        <p>{t.forgotIntro}</p>
        <TextField {...form.field('email', t.resetEmail)} type="email" autocomplete="email" required />
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
  useEffect(() => {
    document.title = t.resetTitle;
    fetch(`/app/api/password-reset?token=${encodeURIComponent(token)}`, { headers: { accept: 'application/json' } }).then(
      (r) => setWorks(r.ok),
      () => setWorks(false),
    );
  }, [token]);
  const form = useForm(
    { password: '', again: '' },
    {
      check: newPasswordChecks(t),
      async submit(v) {
        try {
          await post('/app/api/password-reset/confirm', { token, password: v.password });
        } catch (e) {
          if (e instanceof ApiFailure && e.status === 410) return setWorks(false);
          throw e;
        }
        setDone(true);
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
          <NewPasswordFields t={t} form={form} label={t.newPassword} />
          <FormError errors={form.errors} />
          <button type="submit" disabled={form.busy}>
            {t.resetSave}
          </button>
        </form>
      )}
    </main>
  );
}
