import { escapeXml, n, type Canvas } from './svg';

export interface ShopRecipe {
  site: string;
  city: string;
  wall: [string, string];
  awning: [string, string];
  sign: string;
  door: string;
  /** Brick, stone or render on the wall. */
  texture: 'brick' | 'stone' | 'render' | 'glass';
  plants: boolean;
  /** The door on the left of the windows rather than the right. */
  doorLeft?: boolean;
}

/** A shop front: wall, striped awning, a sign with the site's name, warm windows and a door. */
export function drawShop(c: Canvas, s: ShopRecipe) {
  c.add(`<rect width="480" height="360" fill="${c.linear(s.wall)}"/>`);
  if (s.texture === 'brick') {
    const rows = Array.from({ length: 12 }, (_, i) => `M0 ${i * 16 + 8}H480`).join('');
    c.add(`<path d="${rows}" stroke="#000" stroke-opacity=".12" stroke-width="2"/>`);
  } else if (s.texture === 'stone') {
    c.add(
      `<path d="M0 40H480M0 100H480M120 0V40M300 0V40M60 40V100M240 40V100M420 40V100" stroke="#000" stroke-opacity=".1" stroke-width="3"/>`,
    );
  } else if (s.texture === 'glass') {
    c.add(
      `<path d="M0 0H480V60H0Z" fill="#fff" opacity=".15"/><path d="M80 0V60M160 0V60M240 0V60M320 0V60M400 0V60" stroke="#fff" stroke-opacity=".4" stroke-width="3"/>`,
    );
  }
  // The pavement.
  c.add(
    `<rect y="320" width="480" height="40" fill="${c.linear(['#b9b2a8', '#8f887e'])}"/><path d="M0 332H480" stroke="#fff" stroke-opacity=".3"/>`,
  );
  // The fascia with the sign.
  c.add(
    `<rect x="20" y="56" width="440" height="64" rx="4" fill="${s.sign}"/>`,
    `<rect x="26" y="62" width="428" height="52" rx="2" fill="none" stroke="#e9c46a" stroke-width="2"/>`,
    `<text x="240" y="92" font-family="Georgia,serif" font-size="30" font-weight="700" letter-spacing="6" fill="#fbf2dc" text-anchor="middle">SFOGLIA</text>`,
    `<text x="240" y="109" font-family="Georgia,serif" font-size="13" font-style="italic" fill="#e9c46a" text-anchor="middle">${escapeXml(`${s.site} · ${s.city}`)}</text>`,
  );
  // The shop's glass: warm light, lamps, tables and diners' silhouettes; mirrored with the door on the left.
  c.add(s.doorLeft ? '<g transform="matrix(-1 0 0 1 480 0)">' : '<g>');
  c.add(
    `<rect x="36" y="150" width="250" height="170" fill="${c.linear(['#ffd98a', '#f0a64a', '#b8652a'])}"/>`,
    `<path d="M80 150v20M160 150v24M240 150v20" stroke="#3a2414" stroke-width="2"/><circle cx="80" cy="176" r="8" fill="#fff3c4"/><circle cx="160" cy="180" r="8" fill="#fff3c4"/><circle cx="240" cy="176" r="8" fill="#fff3c4"/>`,
    `<path d="M60 276h70v6h-70zM170 276h70v6h-70z" fill="#5a3420"/><circle cx="78" cy="252" r="10" fill="#6a3a22" opacity=".7"/><path d="M66 276q12-22 24 0" fill="#6a3a22" opacity=".7"/><circle cx="210" cy="250" r="10" fill="#6a3a22" opacity=".7"/><path d="M198 276q12-22 24 0" fill="#6a3a22" opacity=".7"/>`,
    `<path d="M36 150h250v170H36Z" fill="none" stroke="${s.door}" stroke-width="8"/><path d="M161 150v170" stroke="${s.door}" stroke-width="5"/>`,
    `<path d="M50 160l60 0l-40 60z" fill="#fff" opacity=".18"/>`,
  );
  // The door.
  c.add(
    `<rect x="310" y="150" width="120" height="170" fill="${s.door}"/><rect x="322" y="162" width="96" height="100" fill="${c.linear(['#ffd98a', '#d98a3a'])}"/><circle cx="410" cy="290" r="5" fill="#e9c46a"/>`,
    '</g>',
    `<text x="${s.doorLeft ? 110 : 370}" y="214" font-family="Georgia,serif" font-size="14" fill="#4a2414" text-anchor="middle">aperto</text>`,
  );
  // The awning over the windows: scalloped stripes, shadow below.
  const stripes = Array.from({ length: 12 }, (_, i) => i)
    .map((i) => `<path d="M${20 + i * 36.7} 122h36.7l6 34h-36.7z" fill="${s.awning[i % 2]}"/>`)
    .join('');
  const scallops = Array.from(
    { length: 12 },
    (_, i) =>
      `<path d="M${n(26 + i * 36.7)} 156a18.4 10 0 0 0 36.7 0z" fill="${s.awning[i % 2]}"/>`,
  ).join('');
  c.add(
    `<rect x="26" y="156" width="440" height="12" fill="#000" opacity=".18"/>`,
    stripes,
    scallops,
  );
  if (s.plants)
    c.add(
      `<rect x="6" y="290" width="30" height="30" fill="#a0502c"/><circle cx="21" cy="276" r="20" fill="${c.radial(['#7dbb55', '#3f7d2a'])}"/><rect x="444" y="290" width="30" height="30" fill="#a0502c"/><circle cx="459" cy="276" r="20" fill="${c.radial(['#7dbb55', '#3f7d2a'])}"/>`,
    );
}
