import sharp from 'sharp';

/**
 * Pictures of the demo goods, drawn at seed time from SVG so the repository ships no binary files and
 * nothing is downloaded. Shapes only, no text: the machine may have no CJK fonts for librsvg.
 */
export type DemoPicture = 'rebar' | 'coil' | 'ingot' | 'corn' | 'pellets' | 'wheat';

const WIDTH = 800;
const HEIGHT = 600;

/** A seeded pseudo-random sequence, so the same goods always get the same picture. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const frame = (body: string, sky: [string, string], floor: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <rect y="430" width="${WIDTH}" height="170" fill="${floor}"/>
  ${body}
</svg>`;

/** A hexagonal bundle of ribbed bar ends with two straps: rebar seen from the end. */
function rebar(): string {
  const ends: string[] = [];
  const r = 17;
  for (let row = -5; row <= 5; row++) {
    const count = 11 - Math.abs(row);
    for (let i = 0; i < count; i++) {
      const x = 400 + (i - (count - 1) / 2) * r * 2;
      const y = 300 + row * r * 1.74;
      ends.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r - 1}" fill="#6b6f75" stroke="#3b3e42" stroke-width="3"/><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r - 9}" fill="#8d9197"/>`);
    }
  }
  return `<rect x="170" y="120" width="460" height="360" rx="30" fill="#2f3236"/>${ends.join('')}<rect x="300" y="110" width="26" height="380" fill="#1f5fa8" opacity="0.85"/><rect x="474" y="110" width="26" height="380" fill="#1f5fa8" opacity="0.85"/>`;
}

/** A hot-rolled coil on a saddle: concentric bands of blued steel. */
function coil(): string {
  const rings: string[] = [];
  for (let radius = 200; radius > 70; radius -= 10) {
    const shade = 70 + ((200 - radius) % 30) * 2;
    rings.push(`<circle cx="400" cy="290" r="${radius}" fill="none" stroke="rgb(${shade},${shade + 8},${shade + 20})" stroke-width="9"/>`);
  }
  return `<path d="M190 470 L260 400 L540 400 L610 470 Z" fill="#5a3d22"/>${rings.join('')}<circle cx="400" cy="290" r="68" fill="#1c1d20"/><rect x="392" y="86" width="16" height="410" fill="#c8a13a" opacity="0.8"/>`;
}

/** Stacked bundles of aluminium ingots, silver trapezoids with strapping. */
function ingot(): string {
  const bars: string[] = [];
  for (let layer = 0; layer < 6; layer++) {
    const y = 430 - (layer + 1) * 44;
    const shift = layer % 2 === 0 ? 0 : 30;
    for (let i = 0; i < 5; i++) {
      const x = 150 + shift + i * 100;
      bars.push(`<path d="M${x} ${y + 40} L${x + 10} ${y} L${x + 80} ${y} L${x + 90} ${y + 40} Z" fill="#c9ced4" stroke="#8b9199" stroke-width="2"/><path d="M${x + 14} ${y + 6} L${x + 76} ${y + 6}" stroke="#eef1f4" stroke-width="4"/>`);
    }
  }
  return `${bars.join('')}<rect x="140" y="150" width="590" height="10" fill="#2c5aa0"/><rect x="140" y="300" width="590" height="10" fill="#2c5aa0"/>`;
}

/** A heap of yellow corn kernels. */
function corn(): string {
  const next = sequence(7);
  const kernels: string[] = [];
  for (let i = 0; i < 900; i++) {
    const x = 400 + (next() - 0.5) * 620 * Math.sqrt(next());
    const top = 470 - 300 * Math.cos(((x - 400) / 330) * (Math.PI / 2));
    const y = top + next() * (470 - top);
    const hue = 40 + Math.floor(next() * 12);
    kernels.push(`<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="9" ry="7" fill="hsl(${hue},90%,${48 + Math.floor(next() * 14)}%)" transform="rotate(${Math.floor(next() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`);
  }
  return kernels.join('');
}

/** Woven bags of plastic pellets, one open with white granules spilling. */
function pellets(): string {
  const next = sequence(11);
  const bags: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let i = 0; i < 4 - row; i++) {
      const x = 150 + row * 60 + i * 130;
      const y = 360 - row * 90;
      bags.push(`<rect x="${x}" y="${y}" width="120" height="86" rx="18" fill="#e9ecef" stroke="#9aa3ad" stroke-width="3"/><rect x="${x + 20}" y="${y + 28}" width="80" height="30" rx="4" fill="#2e7d32"/>`);
    }
  }
  const grains: string[] = [];
  for (let i = 0; i < 400; i++) {
    const x = 560 + next() * 200;
    const y = 440 + next() * 90;
    grains.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4" fill="#fafafa" stroke="#c5ccd3"/>`);
  }
  return `${bags.join('')}${grains.join('')}`;
}

/** A heap of golden wheat grains. */
function wheat(): string {
  const next = sequence(23);
  const grains: string[] = [];
  for (let i = 0; i < 1100; i++) {
    const x = 400 + (next() - 0.5) * 640 * Math.sqrt(next());
    const top = 470 - 260 * Math.cos(((x - 400) / 340) * (Math.PI / 2));
    const y = top + next() * (470 - top);
    grains.push(`<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="8" ry="4" fill="hsl(${32 + Math.floor(next() * 10)},70%,${45 + Math.floor(next() * 15)}%)" transform="rotate(${Math.floor(next() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`);
  }
  return grains.join('');
}

const DRAWINGS: Record<DemoPicture, { body: () => string; sky: [string, string]; floor: string }> = {
  rebar: { body: rebar, sky: ['#cfd8e3', '#98a6b5'], floor: '#5d6166' },
  coil: { body: coil, sky: ['#d9dee4', '#a7b0ba'], floor: '#4b4f55' },
  ingot: { body: ingot, sky: ['#dde6ee', '#b3c0cc'], floor: '#6a6e73' },
  corn: { body: corn, sky: ['#bfe0ff', '#e9f4ff'], floor: '#8a6a3e' },
  pellets: { body: pellets, sky: ['#e3e8ec', '#c2cad2'], floor: '#7a7f85' },
  wheat: { body: wheat, sky: ['#c6e2ff', '#f1f7ff'], floor: '#9a7b4f' },
};

const drawn = new Map<DemoPicture, Promise<Buffer>>();

/** A JPEG photograph-like picture of the goods, as a seller would upload one; drawn once per process (every start seeds again). */
export function drawPicture(kind: DemoPicture): Promise<Buffer> {
  let picture = drawn.get(kind);
  if (!picture) {
    const drawing = DRAWINGS[kind];
    picture = sharp(Buffer.from(frame(drawing.body(), drawing.sky, drawing.floor))).jpeg({ quality: 85 }).toBuffer();
    drawn.set(kind, picture);
  }
  return picture;
}
