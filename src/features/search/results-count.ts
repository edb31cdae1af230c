/** The search page's count line for a ready listing: "1,204 results for “rice” in Rice & Flour". */
import { formatWhole } from '#lib/numbers.ts';

export function resultsCount(total: number, q: string, categoryName?: string): string {
  return `${formatWhole(total)} ${total === 1 ? 'result' : 'results'} for “${q}”${categoryName ? ` in ${categoryName}` : ''}`;
}
