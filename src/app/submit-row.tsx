import { FormError, type FieldErrors } from './ui.js';

/**
 * A form's last row: the refusal that names none of its fields, the submit button, and `note`,
 * what the last submit did (a live region, read out when it changes).
 */
export function SubmitRow({ form, label, note }: { form: { errors: FieldErrors; busy: boolean }; label: string; note: string }) {
  return (
    <>
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {label}
        </button>
        <span role="status">{note}</span>
      </div>
    </>
  );
}
