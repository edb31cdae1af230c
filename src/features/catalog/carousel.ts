/** Swiper settings of the home carousels (SPEC: hero fade 4 s loop, rows 2 to 6 per view). */
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

export async function startCarousel(el: HTMLElement): Promise<void> {
  const [{ default: Swiper }, { Autoplay, EffectFade, Navigation }] = await Promise.all([
    import('swiper'),
    import('swiper/modules'),
  ]);
  if (el.dataset.carousel === 'hero') {
    new Swiper(el, { ...heroOptions, modules: [Autoplay, EffectFade] });
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
