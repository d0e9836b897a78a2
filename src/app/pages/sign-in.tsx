import { useForm } from '../form.js';
import { login } from '../api.js';
import type { Texts } from '../i18n.js';
import { TextField } from '../ui.js';

/** Sign-in with a REST login (a customer's user, or an agent), or an employee's console e-mail. */
export function SignIn({ t, onSignedIn }: { t: Texts; onSignedIn(): void }) {
  const form = useForm(
    { login: '', password: '' },
    {
      async submit(v) {
        await login(v.login, v.password);
        onSignedIn();
      },
    },
  );
  // The server names `login` or `password` when one is missing; a wrong pair names neither and shows under the password.
  return (
    <main class="signin">
      <h1>{t.product}</h1>
      <form onSubmit={form.onSubmit} noValidate aria-labelledby="signin-title">
        <h2 id="signin-title">{t.signInTitle}</h2>
        <TextField {...form.field('login', t.login)} autocomplete="username" required />
        <TextField
          {...form.field('password', t.password)}
          type="password"
          autocomplete="current-password"
          required
          error={form.errors.password ?? form.errors._}
        />
        <button type="submit" disabled={form.busy}>
          {t.signIn}
        </button>
        <p>
          <a href="/app/forgot">{t.forgotPassword}</a>
        </p>
        <p class="muted">{t.signInHint}</p>
        <p class="muted">{t.signInFirstRun}</p>
      </form>
    </main>
  );
}
