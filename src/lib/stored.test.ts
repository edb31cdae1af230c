import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { setIfChanged, storedAtom } from './stored.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => cleanTestStorage());

const $names = storedAtom<string[]>('names', z.array(z.string()), []);

describe('setIfChanged', () => {
  it('stores a value that differs; an equal one is not written and wakes no listener', () => {
    const heard = vi.fn();
    const stop = $names.listen(heard);
    const set = vi.spyOn($names, 'set');
    setIfChanged($names, ['atta']);
    expect(getTestStorage().names).toBe('["atta"]');
    setIfChanged($names, ['atta']);
    expect(set).toHaveBeenCalledOnce();
    expect(heard).toHaveBeenCalledOnce();
    setIfChanged($names, ['atta', 'tea']);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(getTestStorage().names).toBe('["atta","tea"]');
    set.mockRestore();
    stop();
  });
});
