/**
 * Addresses the browser keeps to offer at checkout (account data, as the session's details are: the
 * session forgets the book when it ends, so it lives here rather than in a feature): the signed-in shopper's address book as the
 * server last gave it (`addressBook`, so the checkout fills the default before the first paint),
 * and a guest's last delivery address on this device (`lastAddress`). Stored data that does not
 * read as addresses is no address at all, never a crash.
 */
import { persistentAtom } from '@nanostores/persistent';

/** An address as the checkout fills it in: the province is its stable value. */
export interface DeliveryAddress {
  address: string;
  city: string;
  province: string;
  postalCode: string;
}
export interface BookAddress extends DeliveryAddress {
  id: string;
  label: string;
  isDefault: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
/** An address read from storage or a reply, or undefined when it is not one. */
export function readAddress(v: unknown): DeliveryAddress | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  const [address, city, province, postalCode = ''] = [str(o.address), str(o.city), str(o.province), str(o.postalCode) ?? ''];
  return address && city && province ? { address, city, province, postalCode } : undefined;
}
export function readBook(v: unknown): BookAddress[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((o) => {
    const a = readAddress(o);
    const { id, label, isDefault } = (o ?? {}) as Record<string, unknown>;
    return a && typeof id === 'string' && typeof label === 'string' ? [{ ...a, id, label, isDefault: isDefault === true }] : [];
  });
}
const decode = <T>(read: (v: unknown) => T) => (raw: string) => {
  try {
    return read(JSON.parse(raw));
  } catch {
    return read(undefined);
  }
};

/** The signed-in shopper's book; undefined (no key stored) once the session ends. */
export const $addressBook = persistentAtom<BookAddress[] | undefined>('addressBook', undefined, { encode: JSON.stringify, decode: decode(readBook) });
/** The book as kept now ([] when none). */
export const addressBook = (): BookAddress[] => $addressBook.get() ?? [];
export const $lastAddress = persistentAtom<DeliveryAddress | undefined>('lastAddress', undefined, {
  encode: (v) => JSON.stringify(v ?? null),
  decode: decode(readAddress),
});

/** Same place: what a delivery goes to, compared without case or spaces around. */
export const sameAddress = (a: DeliveryAddress, b: DeliveryAddress) =>
  (['address', 'city', 'province', 'postalCode'] as const).every((k) => a[k].trim().toLowerCase() === b[k].trim().toLowerCase());
