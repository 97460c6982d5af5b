/**
 * What a drawing needs to look the same outside the page: its computed styles, written as SVG
 * presentation attributes (a style attribute would break the Content-Security-Policy).
 */
const STYLED = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'font-family',
  'font-size',
  'font-weight',
  'opacity',
];

/** The chart as a standalone SVG document (the page's stylesheet does not travel with it). */
export function standaloneSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((element, index) => {
    const style = getComputedStyle(element);
    for (const name of STYLED) copies[index]!.setAttribute(name, style.getPropertyValue(name));
    copies[index]!.removeAttribute('class');
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  // Full size, whatever the zoom on screen.
  copy.setAttribute('width', svg.dataset.width!);
  copy.setAttribute('height', svg.dataset.height!);
  for (const name of ['role', 'aria-label', 'data-width', 'data-height'])
    copy.removeAttribute(name);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

export function download(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Canvases past about 16k pixels a side fail in some browsers: the PNG scales down to fit. */
const MAX_SIDE = 8000;

/** The same drawing as a PNG, twice the size for sharp text where it fits. */
export async function pngOf(svgText: string, width: number, height: number): Promise<Blob> {
  // A data: URL, which the Content-Security-Policy's img-src allows (blob: it does not).
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  await image.decode();
  const scale = Math.min(2, MAX_SIDE / width, MAX_SIDE / height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png'),
  );
}
