/**
 * The custom CSS allow-list (custom-css.ts; issue 12 architecture §5) with hostile input: whatever a
 * customer writes, only scoped, allow-listed rules with /files/ URLs of this instance come out.
 */
import * as csstree from 'css-tree';
import { describe, expect, it } from 'vitest';
import { allowedFileUrl, sanitizeCustomCss } from './custom-css';

const V = 'https://vidbot.example';
const clean = (raw: string) => sanitizeCustomCss(raw, V);

describe('sanitizeCustomCss', () => {
  it('keeps colours, fonts, borders, spacing, transforms and transitions, scoped under .vb-player', () => {
    const { css, dropped } = clean(`
      .vb-option { color: #fff; background-color: rgb(10 20 30 / 50%); border: 2px solid red; border-radius: 1em;
        padding: 4px 8px; font-family: Georgia, serif; font-weight: 700; opacity: .9; transform: translateY(-2px) scale(1.05);
        transition: transform 200ms cubic-bezier(.2,.8,.2,1); --vb-text: #222 }
      .vb-player .vb-control:hover, .vb-player { box-shadow: 0 0 4px rgba(0,0,0,.4) }
    `);
    expect(dropped).toEqual([]);
    expect(css).toContain('.vb-player .vb-option{color:#fff;');
    expect(css).toContain('transform:translateY(-2px) scale(1.05)');
    expect(css).toContain('--vb-text:#222');
    expect(css).toContain('.vb-player .vb-control:hover,.vb-player{box-shadow:0 0 4px rgba(0,0,0,.4)}');
    // The output parses and holds only rules scoped to the player.
    const ast = csstree.parse(css, { parseRulePrelude: true });
    csstree.walk(ast, { visit: 'Selector', enter: (node) => expect(csstree.generate(node)).toMatch(/^\.vb-player\b/) });
  });

  it('drops @import, url() to other origins and javascript:, expression(), behavior and -moz-binding', () => {
    const { css, dropped } = clean(`
      @import url("https://evil.example/x.css");
      @import 'https://evil.example/y.css';
      .a { background: url(https://evil.example/track.gif); color: red }
      .b { background-image: url("javascript:alert(1)") }
      .c { width: expression(alert(1)); behavior: url(x.htc); -moz-binding: url("https://evil.example/x.xml#x"); color: blue }
      .d { background-image: image-set("https://evil.example/i.png" 1x) }
      .e { background: url(//evil.example/x.png) }
    `);
    expect(css).not.toMatch(/evil|javascript|expression|behavior|binding|@import|image-set/i);
    expect(css).toContain('.vb-player .a{color:red}');
    expect(css).toContain('.vb-player .c{color:blue}');
    expect(dropped).toEqual(
      expect.arrayContaining([
        '@import',
        'background: url(https://evil.example/track.gif)',
        'background-image: url(javascript:alert(1))',
        'width: expression()',
        'property behavior',
        'property -moz-binding',
        'background-image: image-set()',
        'background: url(//evil.example/x.png)',
      ]),
    );
  });

  it('keeps url() of this instance’s /files/ (made absolute) and refuses other paths on it', () => {
    const { css, dropped } = clean(`.a { background-image: url(/files/1/abc/poster.jpg) } .b { background: url(${V}/files/2/x.png) } .c { background: url(/api/bot) } .d { background: url(/files/../api/x) }`);
    expect(css).toContain(`.vb-player .a{background-image:url(${V}/files/1/abc/poster.jpg)}`);
    expect(css).toContain(`.vb-player .b{background:url(${V}/files/2/x.png)}`);
    expect(css).not.toContain('/api/');
    expect(dropped).toEqual(['background: url(/api/bot)', 'background: url(/files/../api/x)']);
  });

  it('drops position: fixed, display/visibility/content and selectors that reach outside the player', () => {
    const { css, dropped } = clean(`
      .overlay { position: fixed; inset: 0; z-index: 99999 }
      .ok { position: absolute; top: 0 }
      .vb-watermark { display: none; visibility: hidden }
      .vb-option::before { content: "Click here" }
      body, html, :root, :host, * { color: red }
      .vb-player::part(x) { color: red }
    `);
    expect(css).toContain('.vb-player .overlay{inset:0;z-index:99999}');
    expect(css).toContain('.vb-player .ok{position:absolute;top:0}');
    expect(css).not.toMatch(/fixed|display|visibility|content|body|html|:root|:host|part/);
    expect(dropped).toEqual(
      expect.arrayContaining(['position: fixed', 'property display', 'property visibility', 'property content', 'selector body', 'selector html', 'selector :root', 'selector :host', 'selector *']),
    );
  });

  it('cannot be escaped by breaking out of a rule or a style element', () => {
    const { css } = clean(`.a { color: red } </style><script>alert(1)</script> .b { color: blue }} } @media screen { body { color: red } .c { color: green } }`);
    expect(css).not.toMatch(/<|script|alert|body/);
    expect(css).toContain('.vb-player .a{color:red}');
    const after = clean(`.a { color: red } .b { color: blue }} } @media screen { body { color: red } .c { color: green } }`);
    expect(after.css).not.toContain('body');
    expect(after.css).toContain('.vb-player .b{color:blue}');
  });

  it('keeps @media, @supports, @keyframes; @font-face only from /files/', () => {
    const { css, dropped } = clean(`
      @media (max-width: 600px) { .a { font-size: 14px } }
      @supports (display: grid) { .b { gap: 4px } }
      @keyframes pulse { from { opacity: 1 } to { opacity: .5 } }
      @font-face { font-family: Brand; src: url(/files/1/font.woff2) format("woff2") }
      @font-face { font-family: Evil; src: url(https://evil.example/f.woff2) }
      @namespace svg url(http://www.w3.org/2000/svg);
      @page { margin: 0 }
    `);
    expect(css).toContain('@media (max-width:600px){.vb-player .a{font-size:14px}}');
    expect(css).toContain('@supports (display:grid){.vb-player .b{gap:4px}}');
    expect(css).toContain('@keyframes pulse{from{opacity:1}to{opacity:.5}}');
    expect(css).toContain(`@font-face{font-family:Brand;src:url(${V}/files/1/font.woff2)format("woff2")}`);
    expect(css).not.toContain('evil');
    expect(dropped).toEqual(expect.arrayContaining(['@font-face', '@namespace', '@page']));
  });

  it('answers empty for null, blank and garbage, and scopes under another class when asked', () => {
    expect(clean('')).toEqual({ css: '', dropped: [] });
    expect(sanitizeCustomCss(null, V)).toEqual({ css: '', dropped: [] });
    expect(clean('}}}{{{ ;;; "unterminated').css).toBe('');
    expect(sanitizeCustomCss('.cta { color: red }', V, '.vb-bubble').css).toBe('.vb-bubble .cta{color:red}');
  });
});

describe('allowedFileUrl', () => {
  it('accepts /files/ of this origin only', () => {
    expect(allowedFileUrl('/files/a/b.png', V)).toBe(`${V}/files/a/b.png`);
    expect(allowedFileUrl(`${V}/files/a.png`, V)).toBe(`${V}/files/a.png`);
    expect(allowedFileUrl('https://other.example/files/a.png', V)).toBeNull();
    expect(allowedFileUrl('//other.example/files/a.png', V)).toBeNull();
    expect(allowedFileUrl('/files/../idp/x', V)).toBeNull();
    expect(allowedFileUrl('files/a.png', V)).toBeNull();
    expect(allowedFileUrl('data:image/png;base64,AAAA', V)).toBeNull();
  });
});
