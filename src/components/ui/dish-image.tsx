import './dish-image.css';

/** The artwork of a dish, add-on, bundle, gift box or restaurant: width and height are always set
 * (so the page never shifts while it loads), decorative by default because the card's heading
 * already names the dish. */
export interface DishImageProps {
  src: string | null | undefined;
  /** Intrinsic size of the artwork: the aspect ratio the browser reserves before it arrives. */
  width?: number;
  height?: number;
  /** How wide the image is shown, for the browser's choice among responsive sources. */
  sizes?: string;
  alt?: string;
  className?: string;
  /**
   * Images above the fold load eagerly and first (a high fetch priority: on a drawn screen, R14.14,
   * the picture is in the HTML and is often the largest paint); the rest wait until they are near
   * the viewport.
   */
  eager?: boolean;
}

export function DishImage({
  src,
  width = 480,
  height = 360,
  sizes = '(max-width: 700px) 100vw, 320px',
  alt = '',
  className,
  eager = false,
}: DishImageProps) {
  const classes = ['dish-image', className].filter(Boolean).join(' ');
  if (!src)
    return (
      <span
        className={`${classes} dish-image--empty`}
        style={{ aspectRatio: `${width} / ${height}` }}
        aria-hidden="true"
      />
    );
  return (
    <img
      className={classes}
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
