import { inflateSync } from 'node:zlib';

/**
 * The text a reader sees in a PDF written with Type0 (Identity-H) fonts, as the contracts are:
 * each page's content stream is decoded glyph by glyph through its font's ToUnicode map.
 * Enough for checking what a generated document says; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt === -1) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = match.index + match[0].indexOf(body) + streamAt + 'stream'.length;
    const dataStart = source[start] === '\r' ? start + 2 : start + 1;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? '0');
    let raw = pdf.subarray(dataStart, dataStart + length);
    if (dict.includes('/FlateDecode')) raw = inflateSync(raw);
    objects.set(Number(match[1]), { dict, stream: raw });
  }

  const cmapOf = (fontRef: number): Map<string, string> => {
    const font = objects.get(fontRef);
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font?.dict ?? '')?.[1];
    const cmap = new Map<string, string>();
    const stream = toUnicode ? objects.get(Number(toUnicode))?.stream?.toString('latin1') : undefined;
    if (!stream) return cmap;
    const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
    for (const block of stream.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const line of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const from = parseInt(line[1]!, 16);
        const to = parseInt(line[2]!, 16);
        const width = line[1]!.length;
        if (line[3]!.startsWith('[')) {
          const targets = [...line[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!);
          targets.forEach((target, i) => cmap.set((from + i).toString(16).padStart(width, '0').toLowerCase(), utf16(target)));
        } else {
          const base = parseInt(line[3]!.slice(1, -1), 16);
          for (let code = from; code <= to; code++) cmap.set(code.toString(16).padStart(width, '0').toLowerCase(), String.fromCharCode(base + code - from));
        }
      }
    }
    for (const block of stream.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const line of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) cmap.set(line[1]!.toLowerCase(), utf16(line[2]!));
    }
    return cmap;
  };

  const lines: string[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Page\b/.test(dict)) continue;
    const contents = /\/Contents (\d+) 0 R/.exec(dict)?.[1];
    const resources = /\/Resources (\d+) 0 R/.exec(dict)?.[1];
    const fontDict = (resources ? objects.get(Number(resources))?.dict : dict) ?? '';
    const fonts = new Map<string, Map<string, string>>();
    for (const f of /\/Font\s*<<([\s\S]*?)>>/.exec(fontDict)?.[1]?.matchAll(/\/(\w+) (\d+) 0 R/g) ?? []) fonts.set(f[1]!, cmapOf(Number(f[2])));
    const content = contents ? objects.get(Number(contents))?.stream?.toString('latin1') ?? '' : '';
    let cmap = new Map<string, string>();
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let line = '';
      for (const token of block[1]!.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9a-fA-F]*)>/g)) {
        if (token[1]) cmap = fonts.get(token[1]) ?? cmap;
        else for (let i = 0; i + 4 <= token[2]!.length; i += 4) line += cmap.get(token[2]!.slice(i, i + 4).toLowerCase()) ?? '';
      }
      lines.push(line);
    }
  }
  return lines.join('\n');
}
