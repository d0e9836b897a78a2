import type { Form, FormValue, TextName } from './form.js';

/** The names of a form's checkbox values. */
type CheckName<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/**
 * A `SelectField`'s props for the form's text value `name`, as `form.field` gives a `TextField`
 * its own: its id (`name` unless given), label, value, change handler and error.
 */
export function selectOf<V extends Record<string, FormValue>, K extends TextName<V>>(
  form: Form<V>,
  name: K,
  label: string,
  id: string = name,
) {
  return {
    id,
    label,
    value: form.values[name] as string,
    onChange: (v: string) => form.set(name, v as V[K]),
    error: form.errors[name],
  };
}

/** A checkbox for the form's boolean value `name` (its id too), its label after it. */
export function CheckField<V extends Record<string, FormValue>>({
  form,
  name,
  label,
}: {
  form: Form<V>;
  name: CheckName<V>;
  label: string;
}) {
  return (
    <div class="field check">
      <input
        id={name}
        type="checkbox"
        checked={form.values[name] as boolean}
        onChange={(e) => form.set(name, (e.target as HTMLInputElement).checked as V[typeof name])}
      />
      <label for={name}>{label}</label>
    </div>
  );
}
