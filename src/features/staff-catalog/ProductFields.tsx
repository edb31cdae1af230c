/**
 * The product form's fields: the id (only for a new product), name, brand, category, description,
 * price, discount, stock, pictures and specifications. Each field's problem shows under it once
 * the editor has left it or tried to save, in the importer's words ("Price must be above 0").
 */
import { Field, SelectField } from '#components/forms/Field.tsx';
import { ui } from '#components/forms/ui.ts';
import type { ProductProblems } from '#lib/schemas/product-rules.ts';
import { FIELD_LABELS, type FormValues } from './product-form.ts';
import type { CategoryChoice } from './product-types.ts';
import { ProductPictures } from './ProductPictures.tsx';
import { SpecificationsField } from './SpecificationsField.tsx';

interface Props {
  values: FormValues;
  isNew: boolean;
  categories: readonly CategoryChoice[];
  /** The problems to show now, by field. */
  shown: ProductProblems;
  onChange: (v: FormValues) => void;
  onLeave: (field: keyof FormValues) => void;
}

/** "Price (Rs.) must be above 0": the field's label without its unit, then the rule's words. */
export const problemText = (field: keyof typeof FIELD_LABELS, words: string | undefined) =>
  words && (/^[a-z]/.test(words) && !words.startsWith('unknown') ? `${FIELD_LABELS[field].replace(/ \(.*\)$/, '')} ${words}.` : `${words[0].toUpperCase()}${words.slice(1)}.`);

export function ProductFields({ values, isNew, categories, shown, onChange, onLeave }: Props) {
  const text = (field: 'name' | 'brand' | 'price' | 'discount' | 'stock' | '_id', extra: Record<string, unknown> = {}) => (
    <Field
      id={field === '_id' ? 'product-id' : field}
      label={FIELD_LABELS[field]}
      value={values[field]}
      error={problemText(field, shown[field])}
      onChange={(e) => onChange({ ...values, [field]: e.currentTarget.value })}
      onBlur={() => onLeave(field)}
      {...extra}
    />
  );
  const figure = { inputMode: 'numeric', autoComplete: 'off', maxLength: 12 };
  return (
    <div className="staff-product-fields">
      {isNew && text('_id', { hint: 'Lowercase letters, digits and dashes, e.g. shan-biryani-masala-50g. It cannot be changed later.', maxLength: 100, autoComplete: 'off', required: true })}
      {text('name', { maxLength: 300, required: true, className: 'staff-wide' })}
      {text('brand', { maxLength: 200 })}
      <SelectField
        id="category"
        label={FIELD_LABELS.category}
        placeholder="Choose a category"
        options={categories.map((c) => ({ value: c._id, name: c.name }))}
        value={values.category}
        error={problemText('category', shown.category)}
        onChange={(e) => onChange({ ...values, category: e.currentTarget.value })}
        onBlur={() => onLeave('category')}
        required
      />
      <div className="staff-wide">
        <label htmlFor="description" className={ui.label}>
          {FIELD_LABELS.description}
        </label>
        <textarea
          id="description"
          className={`${ui.input} min-h-28`}
          value={values.description}
          maxLength={5000}
          aria-invalid={shown.description ? true : undefined}
          onChange={(e) => onChange({ ...values, description: e.currentTarget.value })}
          onBlur={() => onLeave('description')}
        />
        {shown.description && <p className={ui.fieldError}>{problemText('description', shown.description)}</p>}
      </div>
      {text('price', { ...figure, required: true })}
      {text('discount', { ...figure, hint: 'Rupees off the price; 0 for none.' })}
      {text('stock', figure)}
      <div className="staff-wide">
        <ProductPictures value={values.images} onChange={(images) => onChange({ ...values, images })} error={problemText('images', shown.images)} />
      </div>
      <div className="staff-wide">
        <SpecificationsField value={values.specifications} onChange={(specifications) => onChange({ ...values, specifications })} show={Boolean(shown.specifications)} onBlur={() => onLeave('specifications')} />
      </div>
    </div>
  );
}
