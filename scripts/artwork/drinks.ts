import { backdrop } from './sweets';
import { escapeXml, n, type Canvas } from './svg';

/** A can at x, with a body colour, a band and a fruit drawn on it. */
function can(c: Canvas, x: number, y: number, body: [string, string], band: string, scale = 1) {
  const w = 64 * scale;
  const h = 120 * scale;
  c.add(
    `<rect x="${n(x - w / 2)}" y="${n(y - h)}" width="${n(w)}" height="${n(h)}" rx="${n(8 * scale)}" fill="${c.linear([body[1], body[0], body[1]], 1, 0)}"/>`,
    `<rect x="${n(x - w / 2)}" y="${n(y - h * 0.55)}" width="${n(w)}" height="${n(h * 0.18)}" fill="${band}"/>`,
    `<ellipse cx="${n(x)}" cy="${n(y - h * 0.78)}" rx="${n(13 * scale)}" ry="${n(10 * scale)}" fill="#f9e04a" stroke="#e0b21c" stroke-width="2"/>`,
    `<path d="M${n(x - 2)} ${n(y - h * 0.78 - 10 * scale)}q6-8 12-6" stroke="#3f7d2a" stroke-width="${n(3 * scale)}" fill="none"/>`,
    `<rect x="${n(x - w / 2 + 2)}" y="${n(y - h - 4 * scale)}" width="${n(w - 4)}" height="${n(8 * scale)}" rx="3" fill="${c.linear(['#e9e9ea', '#a9a9ad'], 1, 0)}"/>`,
    `<rect x="${n(x - w / 2 + 6 * scale)}" y="${n(y - h + 8)}" width="${n(6 * scale)}" height="${n(h - 16)}" fill="#fff" opacity=".3"/>`,
  );
}

export function limonataCan(c: Canvas) {
  backdrop(c, ['#2f6f8f', '#1d4a63'], ['#f3e6d0', '#d7c3a2']);
  c.shadow(240, 292, 70, 12, 0.5);
  can(c, 240, 288, ['#fff0a0', '#f2c230'], '#2a5fa8', 1.3);
  // A glass with ice and a lemon slice beside it.
  c.add(
    `<rect x="312" y="200" width="70" height="88" rx="6" fill="#fff6b0" opacity=".7"/><rect x="322" y="214" width="22" height="22" rx="3" fill="#fff" opacity=".6" transform="rotate(15 333 225)"/><circle cx="372" cy="202" r="18" fill="#fbe35a" stroke="#f2c230" stroke-width="4"/><path d="M372 186v32M356 202h32" stroke="#fff8c8" stroke-width="1.5"/>`,
  );
}

export function limonataFourPack(c: Canvas) {
  backdrop(c, ['#f6d15c', '#e0a82a'], ['#4a7a3a', '#33582a']);
  c.shadow(240, 300, 180, 16, 0.5);
  [120, 200, 280, 360].forEach((x) => can(c, x, 292, ['#fff3b0', '#f0bd2a'], '#2a5fa8', 1.15));
  c.add(
    `<rect x="72" y="238" width="336" height="58" rx="6" fill="${c.linear(['#c9955a', '#9c6a36'])}"/>`,
    `<text x="240" y="276" font-family="Georgia,serif" font-size="26" font-weight="700" fill="#fff8e6" text-anchor="middle">4 × 330ml</text>`,
  );
  c.add(
    `<path d="M40 80q30-20 60 0q-30 20-60 0Z" fill="#5c9a3a"/><circle cx="420" cy="90" r="26" fill="#fbe35a" stroke="#e9b81c" stroke-width="4"/>`,
  );
}

export function waterBottle(c: Canvas) {
  backdrop(c, ['#d9ecef', '#a9ccd3'], ['#f5efe6', '#ddd0bd']);
  c.shadow(240, 300, 60, 10, 0.4);
  c.add(
    `<path d="M222 60h36v30q30 20 30 60v140q0 10-10 10h-76q-10 0-10-10V150q0-40 30-60Z" fill="${c.linear(['#cfeaf5@.9', '#8fc7e0@.8', '#cfeaf5@.9'], 1, 0)}" stroke="#6aa7c2" stroke-width="2"/>`,
    `<rect x="218" y="44" width="44" height="20" rx="4" fill="#2a6f9c"/>`,
    `<rect x="192" y="170" width="96" height="70" fill="#fff"/><path d="M192 188h96" stroke="#2a6f9c" stroke-width="6"/><path d="M206 216q34-18 68 0" stroke="#6ab8d8" stroke-width="4" fill="none"/>`,
    `<rect x="200" y="110" width="8" height="180" rx="4" fill="#fff" opacity=".5"/>`,
  );
}

export function beerBottle(c: Canvas) {
  backdrop(c, ['#1f3e6e', '#12264a'], ['#c89a64', '#9c7040']);
  c.shadow(200, 300, 50, 10, 0.5);
  c.add(
    `<path d="M188 40h24v60q26 26 26 70v120q0 8-8 8h-60q-8 0-8-8V170q0-44 26-70Z" fill="${c.linear(['#4a5a2a', '#7a8a3a', '#3a4a1e'], 1, 0)}"/>`,
    `<rect x="184" y="30" width="32" height="16" rx="3" fill="#c9a43a"/>`,
    `<rect x="162" y="180" width="76" height="62" fill="#f8f4ea"/><path d="M162 192h76M162 230h76" stroke="#1f4fa0" stroke-width="6"/><circle cx="200" cy="211" r="11" fill="#c8231a"/>`,
    `<rect x="172" y="110" width="6" height="170" rx="3" fill="#fff" opacity=".3"/>`,
  );
  c.add(
    `<path d="M270 150h70l-6 140h-58Z" fill="${c.linear(['#f8c84a', '#e09a1a'])}" opacity=".95"/><path d="M266 130q40-16 78 0v22h-78Z" fill="#fffaf0"/>`,
  );
}

export function wineGlass(c: Canvas) {
  backdrop(c, ['#5a1f2a', '#35101a'], ['#e6d2b4', '#c2a57c']);
  c.shadow(240, 300, 70, 12, 0.5);
  c.add(
    `<path d="M180 70h120q4 90-60 120q-64-30-60-120Z" fill="#fff" opacity=".18" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>`,
    `<path d="M184 130h112q-8 50-56 60q-48-10-56-60Z" fill="${c.linear(['#a3182e', '#5c0a1a'])}"/>`,
    `<path d="M238 190h4v92h-4Z" fill="#fff" opacity=".6"/><ellipse cx="240" cy="290" rx="50" ry="8" fill="#fff" opacity=".45"/>`,
    `<path d="M196 86q-6 40 12 70" stroke="#fff" stroke-width="5" fill="none" opacity=".4" stroke-linecap="round"/>`,
  );
  c.add(
    `<circle cx="360" cy="276" r="10" fill="#6e1020"/><circle cx="376" cy="284" r="9" fill="#5a0d1c"/>`,
  );
}

export function wineBottle(c: Canvas, label: string) {
  backdrop(c, ['#e9cfa6', '#c99c66'], ['#6b3a24', '#4a2414']);
  c.shadow(210, 300, 60, 12, 0.5);
  c.add(
    `<path d="M196 30h28v80q30 20 30 60v120q0 10-10 10h-68q-10 0-10-10V170q0-40 30-60Z" fill="${c.linear(['#1f2a1c', '#3a4a30', '#121a10'], 1, 0)}"/>`,
    `<rect x="194" y="24" width="32" height="40" fill="#7a1020"/>`,
    `<rect x="170" y="180" width="80" height="80" fill="#f6ecd6"/><path d="M178 192h64" stroke="#7a1020" stroke-width="3"/>`,
    `<text x="210" y="226" font-family="Georgia,serif" font-size="13" fill="#3a1a10" text-anchor="middle">${escapeXml(label)}</text>`,
    `<path d="M182 238h56" stroke="#c9a43a" stroke-width="2"/>`,
    `<rect x="176" y="120" width="6" height="150" rx="3" fill="#fff" opacity=".25"/>`,
  );
  c.add(
    `<path d="M290 150h70q2 60-35 78q-37-18-35-78Z" fill="#fff" opacity=".25" stroke="#fff" stroke-opacity=".6"/><path d="M292 186h66q-6 34-33 42q-27-8-33-42Z" fill="#7a0f22"/><path d="M323 228h4v64h-4Z" fill="#fff" opacity=".6"/><ellipse cx="325" cy="294" rx="30" ry="5" fill="#fff" opacity=".45"/>`,
  );
}
