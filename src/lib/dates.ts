/**
 * Dates as shoppers in Pakistan read them. Formatters are built once per module: building an
 * Intl formatter costs far more than using one, and the build formats dates on 10,000s of pages.
 */
const dayFormat = new Intl.DateTimeFormat('en-PK', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Karachi' });

/** `14 Nov 2026` */
export function formatDate(iso: string | Date): string {
  return dayFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}
