/**
 * The early-tap queue end to end without a browser: the page's inline script (layouts/head-html.ts)
 * run against stand-in controls, then the replay (tap-queue.ts). What a held tap shows is what the
 * replay applies: a heart's last state, one add for Add to Cart tapped again, each step counted.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { TAP_QUEUE_SCRIPT } from '#layouts/head-html.ts';
import { HELD_ADD_TEXT, replayedTaps, replayTaps, type TapOwner, type TapQueue } from './tap-queue.ts';

type Listener = (e: unknown) => void;

/** A control as the inline script and the replay see it: data, ARIA state, text and clicks. */
class Control {
  dataset: Record<string, string | undefined>;
  textContent: string;
  #busy: string | null = null;
  #pressed: string | null;
  clicks = 0;
  readonly page: Page;
  constructor(page: Page, data: Record<string, string>, { text = '', pressed = null as string | null, inBuyBox = false } = {}) {
    this.page = page;
    this.dataset = { ...data };
    this.textContent = text;
    this.#pressed = pressed;
    this.inBuyBox = inBuyBox;
  }
  readonly inBuyBox: boolean;
  get ariaBusy() {
    return this.#busy;
  }
  set ariaBusy(value: unknown) {
    this.#busy = value == null ? null : String(value);
  }
  get ariaPressed() {
    return this.#pressed;
  }
  /** As the DOM's reflection does: any value but null is written as a string. */
  set ariaPressed(value: unknown) {
    this.#pressed = value == null ? null : String(value);
  }
  closest() {
    return this;
  }
  /** The inline script asks whether the control is one of the buy box's own (not its heart). */
  matches() {
    return this.inBuyBox && this.dataset.wishlistToggle === undefined;
  }
  removeAttribute(name: string) {
    if (name === 'aria-busy') this.#busy = null;
  }
  /** A tap: through the inline queue first, then, unless held, the page's handler. */
  click() {
    this.page.tap(this);
  }
}

/** The page: the inline queue's listener and the handlers the modules would add. */
class Page {
  queue: TapQueue;
  #listener: Listener;
  wishlist = new Set<string>();
  cart = 0;
  quantity = 1;
  /** The controls the handlers were given, in order. */
  handled: Control[] = [];
  constructor() {
    let listener: Listener = () => {};
    const body = TAP_QUEUE_SCRIPT.replace(/^<script>/, '').replace(/<\/script>$/, '');
    this.queue = new Function('addEventListener', `${body};return tapQueue`)((_type: string, l: Listener) => (listener = l)) as TapQueue;
    this.#listener = listener;
    (globalThis as unknown as { window: { tapQueue: TapQueue } }).window = { tapQueue: this.queue };
  }
  tap(control: Control) {
    let held = false;
    this.#listener({ target: control, preventDefault: () => (held = true), stopImmediatePropagation: () => {} });
    if (held) return;
    control.clicks++;
    this.handled.push(control);
    // What the modules' handlers do: a heart toggles the stored wishlist and shows it; Add adds.
    const heart = control.dataset.wishlistToggle;
    if (heart !== undefined) {
      if (this.wishlist.has(heart)) this.wishlist.delete(heart);
      else this.wishlist.add(heart);
      control.ariaPressed = String(this.wishlist.has(heart));
    } else if (control.dataset.qtyStep) this.quantity += Number(control.dataset.qtyStep);
    else if (control.dataset.addToCart !== undefined) {
      this.cart += control.inBuyBox ? this.quantity : 1;
      control.textContent = 'Added!';
    }
  }
  /** The chrome's replay: a heart showing what the wishlist holds is settled (card-hearts.ts). */
  replay(owner: TapOwner) {
    replayTaps(owner, (c) => {
      const id = c.dataset.wishlistToggle;
      return id !== undefined && this.wishlist.has(id) === (c.ariaPressed === 'true');
    });
  }
}

const heart = (page: Page, id = 'p1') => new Control(page, { wishlistToggle: id }, { pressed: 'false' });
const cardAdd = (page: Page, id = 'p1') => new Control(page, { addToCart: id }, { text: 'Add to Cart' });
const asElement = (c: Control) => c as unknown as HTMLElement;

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('a held heart', () => {
  it('shows each tap at once; tapped twice it ends as it was and nothing is replayed', () => {
    const page = new Page();
    const h = heart(page);
    h.click();
    expect(h.ariaPressed).toBe('true');
    expect(h.ariaBusy).toBe('true');
    h.click();
    expect(h.ariaPressed).toBe('false');
    page.replay('chrome');
    expect(h.clicks).toBe(0);
    expect(page.wishlist.has('p1')).toBe(false);
    expect(h.ariaPressed).toBe('false');
    expect(h.ariaBusy).toBeNull();
  });

  it('tapped three times it ends wishlisted, with one replay', () => {
    const page = new Page();
    const h = heart(page);
    for (let i = 0; i < 3; i++) h.click();
    expect(h.ariaPressed).toBe('true');
    page.replay('chrome');
    expect(h.clicks).toBe(1);
    expect(page.wishlist.has('p1')).toBe(true);
    expect(h.ariaPressed).toBe('true');
  });

  it('tapped onto the state already stored (drawn before the wishlist was read) is left as shown', () => {
    const page = new Page();
    page.wishlist.add('p1');
    const h = heart(page);
    h.click();
    page.replay('chrome');
    expect(h.clicks).toBe(0);
    expect(page.wishlist.has('p1')).toBe(true);
    expect(h.ariaPressed).toBe('true');
  });
});

describe('a held Add to Cart', () => {
  it('says Adding... while held (the stylesheet draws it over its own words)', () => {
    const css = readFileSync(new URL('../styles/global.css', import.meta.url), 'utf8');
    expect(css).toContain(`button[data-add-to-cart][aria-busy='true']::after { content: '${HELD_ADD_TEXT}';`);
    const page = new Page();
    const add = cardAdd(page);
    add.click();
    expect(add.ariaBusy).toBe('true');
    expect(add.textContent).toBe('Add to Cart');
  });

  it('tapped again while held adds once', () => {
    const page = new Page();
    const add = cardAdd(page);
    add.click();
    add.click();
    page.replay('chrome');
    expect(page.cart).toBe(1);
    expect(add.clicks).toBe(1);
    expect(add.ariaBusy).toBeNull();
  });

  it('and a heart and a menu, each tapped twice, are each replayed once, in the order first tapped', () => {
    const page = new Page();
    const [add, h, menu] = [cardAdd(page), heart(page), new Control(page, {}, { text: 'Categories' })];
    for (const c of [add, h, add, menu, h, h, menu]) c.click();
    page.replay('chrome');
    expect(page.handled).toEqual([add, h, menu]);
    expect(page.cart).toBe(1);
    expect(page.wishlist.has('p1')).toBe(true);
  });
});

describe('the buy box', () => {
  const box = (page: Page) => ({
    plus: new Control(page, { qtyStep: '1' }, { inBuyBox: true }),
    add: new Control(page, { addToCart: 'p1' }, { text: 'Add to Cart', inBuyBox: true }),
  });

  it('counts every step, and an Add after a step again: +, Add, +, Add adds 2 then 3', () => {
    const page = new Page();
    const { plus, add } = box(page);
    for (const c of [plus, add, plus, add]) c.click();
    expect(page.queue.map(([, owner]) => owner)).toEqual(['buy-box', 'buy-box', 'buy-box', 'buy-box']);
    page.replay('buy-box');
    expect(page.handled).toEqual([plus, add, plus, add]);
    expect(page.cart).toBe(5);
  });

  it('takes +, +, Add, Add as one add of 3', () => {
    const page = new Page();
    const { plus, add } = box(page);
    for (const c of [plus, plus, add, add]) c.click();
    page.replay('buy-box');
    expect(page.handled).toEqual([plus, plus, add]);
    expect(page.cart).toBe(3);
  });

  it('is replayed by its own module; the chrome\'s taps wait for theirs, and once replayed taps pass', () => {
    const page = new Page();
    const { add } = box(page);
    const h = heart(page);
    add.click();
    h.click();
    page.replay('buy-box');
    expect(page.cart).toBe(1);
    expect([...page.queue]).toEqual([[h, 'chrome']]);
    add.click();
    expect(page.cart).toBe(2);
    expect(page.queue).toHaveLength(1);
  });
});

describe('replayedTaps', () => {
  const c = (data: Record<string, string> = {}) => ({ dataset: data as DOMStringMap });
  it('keeps every tap of the pages\' own queues (the cart\'s + twice is two)', () => {
    const plus = c();
    expect(replayedTaps('cart', [plus, plus])).toEqual([plus, plus]);
    expect(replayedTaps('wishlist', [plus, plus])).toEqual([plus, plus]);
  });
  it('keeps the chrome\'s controls once each, where first tapped', () => {
    const [a, b] = [c(), c()];
    expect(replayedTaps('chrome', [a, b, a, a, b])).toEqual([a, b]);
  });
  it('keeps the buy box\'s steps, and its buttons but for a repeat straight after', () => {
    const [step, add, now] = [c({ qtyStep: '1' }), c(), c()];
    expect(replayedTaps('buy-box', [step, step, add, add, step, add, now, now])).toEqual([step, step, add, step, add, now]);
  });
});
