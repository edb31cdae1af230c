/**
 * An e-mail address as the API's schemas accept it: zod's own pattern, the one their e-mail fields
 * check with. Apart from the orders' rules (lib/schemas/orders-rules.ts), which import no zod at
 * all, so the staff pages that use those rules load none.
 */
import { regexes } from 'zod/mini';

export const isValidEmail = (email: string) => regexes.email.test(email.trim());
