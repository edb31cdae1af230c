/**
 * Swiper behind Carousel.astro: the hero fades every 4 s in a loop and pauses on hover; product and
 * category rows show 2 to 6 slides a view by screen width.
 */
import type { SwiperOptions } from 'swiper/types';

export const HERO_AUTOPLAY_MS = 4000;

export const heroOptions: SwiperOptions = {
  effect: 'fade',
  fadeEffect: { crossFade: true },
  loop: true,
  autoplay: { delay: HERO_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false },
};

export const rowOptions: SwiperOptions = {
  slidesPerView: 2,
  spaceBetween: 16,
  breakpoints: {
    0: { slidesPerView: 2 },
    640: { slidesPerView: 3 },
    768: { slidesPerView: 4 },
    1024: { slidesPerView: 5 },
    1280: { slidesPerView: 6 },
  },
};

/** Loads Swiper and starts it on a `[data-carousel]` element (hero or row). */
export async function startSwiper(el: HTMLElement): Promise<void> {
  const [{ default: Swiper }, { Autoplay, EffectFade, Navigation }] = await Promise.all([
    import('swiper'),
    import('swiper/modules'),
  ]);
  if (el.dataset.carousel === 'hero') {
    const swiper = new Swiper(el, { ...heroOptions, modules: [Autoplay, EffectFade] });
    // Moving content needs a way to stop it (WCAG 2.2.2), beside the pause on hover.
    const button = el.parentElement?.querySelector<HTMLButtonElement>('[data-carousel-pause]');
    button?.addEventListener('click', () => {
      const paused = button.getAttribute('aria-pressed') === 'true';
      if (paused) swiper.autoplay.start();
      else swiper.autoplay.stop();
      button.setAttribute('aria-pressed', String(!paused));
      button.setAttribute('aria-label', paused ? 'Pause the banners' : 'Play the banners');
      button.querySelector<SVGElement>('[data-icon="pause"]')?.classList.toggle('hidden', !paused);
      button.querySelector<SVGElement>('[data-icon="play"]')?.classList.toggle('hidden', paused);
    });
    return;
  }
  const region = el.parentElement;
  new Swiper(el, {
    ...rowOptions,
    modules: [Navigation],
    navigation: {
      prevEl: region?.querySelector<HTMLElement>('.carousel-prev') ?? null,
      nextEl: region?.querySelector<HTMLElement>('.carousel-next') ?? null,
    },
  });
}
