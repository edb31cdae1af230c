/**
 * The forms' classes, one place for islands and .astro pages alike (the site's look: cart,
 * wishlist). Each is a component class of global.css (`@layer components`): the product page's
 * review form, checkout, order tracking and every account form carry a short name instead of a long utility list, and
 * utilities added beside one (`${ui.primary} mt-5`) still win over it.
 */
export const ui = {
  card: 'form-card',
  label: 'form-label',
  input: 'form-input',
  fieldError: 'field-error',
  hint: 'form-hint',
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  link: 'text-link',
} as const;
