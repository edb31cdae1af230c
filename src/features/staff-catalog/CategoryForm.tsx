/**
 * A category's name and description: a new category (no `category`) or a change to one, from the
 * version the editor opened. The API's rules check the fields as the editor types. A conflict
 * (someone saved it meanwhile) keeps what the editor typed and shows the category as it is now;
 * saving again starts from that version.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { Field } from '#components/forms/Field.tsx';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, categoryDescriptionProblem, categoryNameProblem, type StaffCategory } from '#lib/schemas/catalog-desk-rules.ts';
import { addCategory, changeCategory } from './category-api.ts';
import { PictureField } from './PictureField.tsx';

interface Props {
  category?: StaffCategory;
  onSaved: (c: StaffCategory, message: string) => void;
  onCancel?: () => void;
  /** The categories as stored now (after a conflict). */
  reload: () => Promise<StaffCategory[] | undefined>;
}

export function CategoryForm({ category, onSaved, onCancel, reload }: Props) {
  const id = useId();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [images, setImages] = useState<string[]>(category?.images ?? []);
  const [base, setBase] = useState(category);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState<StaffCategory>();

  const checked = { name: categoryNameProblem(name) ?? undefined, description: categoryDescriptionProblem(description) ?? undefined };
  const shown = (field: 'name' | 'description') => errors[field] ?? (touched ? checked[field] : undefined);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (checked.name || checked.description || busy) return;
    setBusy(true);
    const r = base
      ? await changeCategory(base._id, base.version, {
          ...(name.trim() !== base.name ? { name } : {}),
          ...(description.trim() !== base.description ? { description } : {}),
          ...(JSON.stringify(images) !== JSON.stringify(base.images) ? { images } : {}),
        })
      : await addCategory({ name, description, images });
    setBusy(false);
    if (r.ok) {
      setErrors({});
      setMessage('');
      onSaved(r.data.category, base ? `${r.data.category.name} is saved; the shop’s pages follow in a few seconds.` : `${r.data.category.name} is added, last in the menu.`);
      return;
    }
    setErrors(r.errors);
    setMessage(r.message);
    if (r.status === 409 && base) {
      const stored = (await reload())?.find((c) => c._id === base._id);
      if (stored) {
        setNow(stored);
        setBase(stored);
      }
    }
  }

  return (
    <form onSubmit={submit} noValidate className="staff-cats-form" aria-label={category ? `Change ${category.name}` : 'Add a category'}>
      <ErrorMessage message={message} />
      {now && (
        <div className="staff-cats-now" data-testid="category-now">
          <p className="font-semibold">Now stored:</p>
          <p>Name: {now.name}</p>
          <p>Description: {now.description || 'none'}</p>
          <p>Pictures: {now.images.length}</p>
        </div>
      )}
      <Field
        id={`${id}-name`}
        label="Name"
        value={name}
        maxLength={CATEGORY_NAME_MAX + 20}
        error={shown('name')}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setTouched(true);
          setErrors(({ name: _, ...rest }) => rest);
        }}
        onBlur={() => setTouched(true)}
      />
      <div>
        <label htmlFor={`${id}-description`} className={ui.label}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className={ui.input}
          rows={2}
          value={description}
          maxLength={CATEGORY_DESCRIPTION_MAX + 20}
          aria-invalid={shown('description') ? true : undefined}
          aria-describedby={shown('description') ? `${id}-description-error` : undefined}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        {shown('description') && (
          <p id={`${id}-description-error`} className={ui.fieldError}>
            {shown('description')}
          </p>
        )}
      </div>
      <PictureField kind="categories" value={images} onChange={setImages} max={4} label="Picture" error={errors.images} />
      <div className="staff-cats-buttons">
        <button type="submit" className={ui.primary} disabled={busy}>
          {category ? 'Save' : 'Add category'}
        </button>
        {onCancel && (
          <button type="button" className={ui.secondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
