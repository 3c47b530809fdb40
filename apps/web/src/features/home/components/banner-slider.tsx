import { TIMINGS, type Banner } from '@wyn/contract';
import { useEffect, useReducer, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { MediaImage } from '@/components/media-image';
import { cn } from '@/lib/cn';
import { isAppPath, isHttpUrl } from '@/lib/format';
import { IMAGE_SIZES } from '@/lib/media-srcset';
import { initialSliderState, sliderReducer } from './banner-slider-state';
import { ExternalLink } from '@/components/external-link';

const PLACEHOLDER = '/banner-placeholder.svg';

function BannerImage({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  // Below the fold on Home: loaded lazily, at the width the slide is shown (decision 0017).
  return (
    <MediaImage
      src={broken ? PLACEHOLDER : src}
      sizes={IMAGE_SIZES.banner}
      className="absolute inset-0 size-full object-cover"
      loading="lazy"
      decoding="async"
      data-placeholder={broken || undefined}
      onError={() => setFailed(src)}
    />
  );
}

function LearnMore({ link }: { link: string | null }) {
  const cls =
    'relative touch-target mt-3 inline-flex items-center gap-1.5 rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-neutral-900 shadow-sm transition hover:bg-white/90 active:bg-white/80';
  if (isHttpUrl(link)) {
    return (
      <ExternalLink href={link} className={cls}>
        Learn More
        <ArrowRightIcon className="size-4" />
      </ExternalLink>
    );
  }
  if (isAppPath(link)) {
    return (
      <Link to={link} className={cls}>
        Learn More
        <ArrowRightIcon className="size-4" />
      </Link>
    );
  }
  return null;
}

/** Autoplays every 5 s, wraps both ends; arrows and dots only with more than one slide. */
export function BannerSlider({
  banners,
  autoplayMs = TIMINGS.bannerAutoplayMs,
}: {
  banners: Banner[];
  autoplayMs?: number;
}) {
  const count = banners.length;
  const [state, dispatch] = useReducer(sliderReducer, initialSliderState);

  useEffect(() => {
    dispatch({ type: 'sync', count });
  }, [count]);

  // The timer restarts after each move (it depends on the index).
  useEffect(() => {
    if (count <= 1) return;
    const t = setTimeout(() => dispatch({ type: 'next', count }), autoplayMs);
    return () => clearTimeout(t);
  }, [state.index, count, autoplayMs]);

  useEffect(() => {
    if (!state.transitioning) return;
    const t = setTimeout(() => dispatch({ type: 'transitionEnd' }), TIMINGS.bannerTransitionMs);
    return () => clearTimeout(t);
  }, [state.transitioning, state.index]);

  if (count === 0) return null;
  const index = Math.min(state.index, count - 1);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-testid="banner-slider"
      data-index={index}
      data-count={count}
      className="relative"
    >
      <div className="relative overflow-hidden rounded-3xl bg-muted shadow-sm">
        <div
          className="flex transition-transform duration-500 ease-out"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {banners.map((banner, i) => (
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
              inert={i !== index}
              data-testid="banner-slide"
              className="relative aspect-[16/9] w-full shrink-0 sm:aspect-[21/9] lg:aspect-auto lg:h-72"
            >
              <BannerImage src={banner.image_url} />
              <div className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/25 to-transparent" />
              <div className="absolute inset-x-0 bottom-0 p-5 pb-8 text-white sm:p-7 sm:pb-10">
                <h3 className="text-lg leading-tight font-bold drop-shadow sm:text-2xl">{banner.title}</h3>
                {banner.description ? (
                  <p className="mt-1 line-clamp-2 max-w-xl text-sm text-white/85">{banner.description}</p>
                ) : null}
                {banner.link ? <LearnMore link={banner.link} /> : null}
              </div>
            </div>
          ))}
        </div>

        {count > 1 ? (
          <>
            <div className="absolute top-3 right-3 flex gap-2">
              <button
                type="button"
                aria-label="Previous slide"
                onClick={() => dispatch({ type: 'prev', count })}
                className="flex size-11 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur transition hover:bg-black/55 active:bg-black/65"
              >
                <ChevronLeftIcon className="size-5" />
              </button>
              <button
                type="button"
                aria-label="Next slide"
                onClick={() => dispatch({ type: 'next', count })}
                className="flex size-11 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur transition hover:bg-black/55 active:bg-black/65"
              >
                <ChevronRightIcon className="size-5" />
              </button>
            </div>
            <div className="absolute inset-x-0 bottom-0 flex justify-center" role="group" aria-label="Choose slide">
              {banners.map((banner, i) => (
                <button
                  key={banner.id}
                  type="button"
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => dispatch({ type: 'goTo', index: i, count })}
                  // A 44 × 44 px target around a 6 px dot.
                  className="group/dot flex h-11 w-11 items-center justify-center"
                >
                  <span
                    className={cn(
                      'block h-1.5 rounded-full transition-all',
                      i === index ? 'w-5 bg-white' : 'w-1.5 bg-white/55 group-active/dot:bg-white/90',
                    )}
                  />
                </button>
              ))}
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
