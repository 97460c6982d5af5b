import { useId } from 'react';
import type { Coordinates } from '../../../domain/distance';

const WIDTH = 320;
const HEIGHT = 160;
const PAD = 24;

/**
 * A small drawn route (no map tiles: it works offline): the restaurant, home, and the driver on
 * the way. Points are scaled into the box; longitude is x, latitude is y (north up).
 */
export function RouteMap({
  restaurant,
  home,
  driver,
  description,
}: {
  restaurant: Coordinates;
  home: Coordinates;
  driver: Coordinates | null;
  /** What the drawing shows, in words, for screen readers. */
  description: string;
}) {
  const titleId = useId();
  const points = [restaurant, home, ...(driver ? [driver] : [])];
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  const [minLat, maxLat, minLon, maxLon] = [
    Math.min(...lats),
    Math.max(...lats),
    Math.min(...lons),
    Math.max(...lons),
  ];
  const span = Math.max(maxLat - minLat, maxLon - minLon, 1e-6);
  const scale = Math.min(WIDTH - 2 * PAD, HEIGHT - 2 * PAD) / span;
  const x = (p: Coordinates) => WIDTH / 2 + (p.lon - (minLon + maxLon) / 2) * scale;
  const y = (p: Coordinates) => HEIGHT / 2 - (p.lat - (minLat + maxLat) / 2) * scale;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: WIDTH, background: '#f6f1e7', borderRadius: 8 }}
    >
      <title id={titleId}>{description}</title>
      <line
        x1={x(restaurant)}
        y1={y(restaurant)}
        x2={x(home)}
        y2={y(home)}
        stroke="#6b5b45"
        strokeWidth={3}
        strokeDasharray="6 6"
      />
      <circle cx={x(restaurant)} cy={y(restaurant)} r={9} fill="#8a2c1b" />
      <text x={x(restaurant)} y={y(restaurant) - 14} textAnchor="middle" fontSize={12} fill="#222">
        Restaurant
      </text>
      <rect x={x(home) - 8} y={y(home) - 8} width={16} height={16} fill="#1d4f91" />
      <text x={x(home)} y={y(home) + 26} textAnchor="middle" fontSize={12} fill="#222">
        Home
      </text>
      {driver && (
        <circle cx={x(driver)} cy={y(driver)} r={7} fill="#f2b705" stroke="#222" strokeWidth={2} />
      )}
    </svg>
  );
}
