import { useState } from 'preact/hooks';
import { required, useForm } from './form.js';
import { useApp } from './state.js';

/**
 * The form that makes a thing from its name alone (a caller list, a tag): the name is required and
 * sent trimmed; once made, the field empties, `note` says so and `made` runs.
 */
export function useNameForm(create: (name: string) => Promise<unknown>, made: () => void) {
  const { t } = useApp();
  const [note, setNote] = useState('');
  const form = useForm(
    { name: '' },
    {
      check: { name: required(t.fieldRequired) },
      async submit(v) {
        setNote('');
        await create(v.name.trim());
        form.reset();
        setNote(t.saved);
        made();
      },
    },
  );
  return { form, note };
}
