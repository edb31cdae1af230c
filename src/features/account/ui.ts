/** The accounts' form classes, one place for islands and .astro pages alike (the site's look: cart, wishlist). */
export const ui = {
  card: 'rounded-3xl border border-stone-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-8',
  label: 'block text-sm font-semibold text-stone-800',
  input:
    'mt-1.5 block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-[15px] text-stone-900 placeholder:text-stone-500 hover:border-stone-400 focus:border-brand-600 aria-[invalid=true]:border-red-600 disabled:bg-stone-100',
  fieldError: 'mt-1.5 text-sm text-red-700',
  hint: 'mt-1.5 text-xs text-stone-600',
  primary:
    'inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 hover:border-brand-700 hover:text-brand-800 disabled:cursor-not-allowed disabled:text-stone-500',
  link: 'font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline',
} as const;
