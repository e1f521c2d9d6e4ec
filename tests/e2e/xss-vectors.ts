/**
 * An XSS corpus for the rich-HTML sanitizer: the classic filter-evasion vectors (in the style of
 * the OWASP XSS filter evasion cheat sheet), raw-text and escapable raw-text elements, foreign
 * content, comment and markup-declaration tricks, and dangerous URLs. Every vector that would
 * run calls `window.__xss(<its id>)`, so a browser test sees exactly which one got through.
 *
 * Shared by tests/integration/sanitize-html.test.ts (the Worker's allow-list) and
 * tests/e2e/xss-corpus.test.ts (Chromium, under the real CSP and with DOMPurify alone).
 */
export interface XssVector {
  id: string;
  html: string;
  /** Left open, it takes all the HTML after it (plaintext, an unclosed svg): listed last. */
  swallowsRest: boolean;
}

const SWALLOWING = new Set(["foreign-breakout", "plaintext"]);

// Through `window`: an inline handler looks names up on its element, form and document first,
// where a clobbering vector (`<img name="__xss">`) would shadow a bare `__xss`.
const run = (id: string) => `window.__xss('${id}')`;
const encodeAll = (text: string, format: (code: number) => string) =>
  [...text].map((char) => format(char.codePointAt(0) ?? 0)).join("");

const raw: [string, (call: string) => string][] = [
  // Raw-text and escapable raw-text elements whose content a naive unwrap turns into tags.
  ["xmp", (x) => `<xmp><img src=x onerror="${x}"></xmp>`],
  ["noembed", (x) => `<noembed><img src=x onerror="${x}"></noembed>`],
  ["noframes", (x) => `<noframes><img src=x onerror="${x}"></noframes>`],
  ["plaintext", (x) => `<plaintext><img src=x onerror="${x}">`],
  ["noscript", (x) => `<noscript><img src=x onerror="${x}"></noscript>`],
  ["noscript-attribute", (x) => `<noscript><p title="</noscript><img src=x onerror=${x}>"></noscript>`],
  ["style-breakout", (x) => `<style><img src=x onerror="${x}"></style>`],
  ["style-end-in-attribute", (x) => `<style><b title="</style><img src=x onerror=${x}>"></b></style>`],
  ["script", (x) => `<script>${x}</script>`],
  ["script-src", () => `<script src="/api/health"></script>`],
  ["script-uppercase", (x) => `<SCRIPT>${x}</SCRIPT>`],
  ["script-split", (x) => `<scr<script>ipt>${x}</scr</script>ipt>`],
  ["textarea", (x) => `<textarea><img src=x onerror="${x}"></textarea>`],
  ["textarea-end-in-attribute", (x) => `<textarea><b title="</textarea><img src=x onerror=${x}>"></textarea>`],
  ["title", (x) => `<title><img src=x onerror="${x}"></title>`],
  ["iframe-content", (x) => `<iframe><img src=x onerror="${x}"></iframe>`],
  ["iframe-srcdoc", (x) => `<iframe srcdoc="&lt;img src=x onerror=${x}&gt;"></iframe>`],
  ["iframe-javascript", (x) => `<iframe src="javascript:${x}"></iframe>`],
  ["template", (x) => `<template><img src=x onerror="${x}"></template>`],
  ["select", (x) => `<select><img src=x onerror="${x}"></select>`],
  // Foreign content: SVG and MathML parse differently (CDATA, style, namespace confusion).
  ["svg-onload", (x) => `<svg onload="${x}"></svg>`],
  ["svg-script", (x) => `<svg><script>${x}</script></svg>`],
  ["svg-cdata", (x) => `<svg><![CDATA[><img src=x onerror="${x}">]]></svg>`],
  ["svg-style", (x) => `<svg><style><img src=x onerror="${x}"></style></svg>`],
  ["svg-animate", (x) => `<svg><animate onbegin="${x}" attributeName=x dur=1s></animate></svg>`],
  ["svg-a", (x) => `<svg><a href="javascript:${x}"><text y=20>svg link</text></a></svg>`],
  [
    "svg-use-data",
    (x) =>
      `<svg><use href="data:image/svg+xml,&lt;svg id='x' xmlns='http://www.w3.org/2000/svg'&gt;&lt;image href='1' onerror='${x}'/&gt;&lt;/svg&gt;#x"/></svg>`,
  ],
  [
    "math-mglyph",
    (x) => `<math><mtext><table><mglyph><style><img src=x onerror="${x}"></style></mglyph></table></mtext></math>`,
  ],
  ["math-href", (x) => `<math href="javascript:${x}">math link</math>`],
  ["foreign-breakout", (x) => `<svg></p><style><a id="</style><img src=x onerror=${x}>">`],
  // Comments and markup declarations.
  ["comment-abrupt", (x) => `<!--><img src=x onerror="${x}">-->`],
  ["comment-bang", (x) => `<!--a--!><img src=x onerror="${x}">-->`],
  ["comment-nested", (x) => `<!-- <!-- --><img src=x onerror="${x}"> -->`],
  ["conditional-comment", (x) => `<!--[if gte IE 4]><script>${x}</script><![endif]-->`],
  ["cdata-html", (x) => `<![CDATA[<img src=x onerror="${x}">]]>`],
  ["processing-instruction", (x) => `<?xml <img src=x onerror="${x}">?>`],
  ["bogus-end-tag", (x) => `</a <img src=x onerror="${x}">>`],
  // Event handlers, in every spelling a filter may miss.
  ["img-onerror", (x) => `<img src=x onerror="${x}">`],
  ["img-onerror-unquoted", (x) => `<img src=x onerror=${x}>`],
  ["img-onerror-slash", (x) => `<img/src=x/onerror=${x}>`],
  ["img-onerror-case", (x) => `<IMG SRC=x OnErRoR="${x}">`],
  ["img-onerror-newline", (x) => `<img src=x\nonerror\n=\n"${x}">`],
  ["img-onerror-backtick", (x) => `<img src=x onerror=\`${x}\`>`],
  ["img-onerror-entities", (x) => `<img src=x onerror="${encodeAll(x, (code) => `&#${code};`)}">`],
  ["img-quote-breakout", (x) => `<img src=x alt='x"onerror="${x}'>`],
  ["img-in-attribute", (x) => `<b title='x"><img src=x onerror=${x}>'>quoted</b>`],
  ["image-alias", (x) => `<image src=x onerror="${x}">`],
  ["body-onload", (x) => `<body onload="${x}">`],
  ["div-onmouseover", (x) => `<div onmouseover="${x}" style="position:fixed;inset:0">hover</div>`],
  ["p-onclick", (x) => `<p onclick="${x}">click</p>`],
  ["details-ontoggle", (x) => `<details open ontoggle="${x}"><summary>x</summary></details>`],
  ["input-onfocus", (x) => `<input autofocus onfocus="${x}">`],
  ["video-onerror", (x) => `<video><source onerror="${x}"></video>`],
  ["audio-onerror", (x) => `<audio src=x onerror="${x}"></audio>`],
  ["marquee-onstart", (x) => `<marquee onstart="${x}">m</marquee>`],
  ["object-data", (x) => `<object data="javascript:${x}"></object>`],
  ["embed-src", (x) => `<embed src="javascript:${x}">`],
  ["form-action", (x) => `<form action="javascript:${x}"><button>go</button></form>`],
  ["button-formaction", (x) => `<button formaction="javascript:${x}">go</button>`],
  ["meta-refresh", (x) => `<meta http-equiv="refresh" content="0;url=javascript:${x}">`],
  ["base-href", () => `<base href="javascript:/">`],
  ["link-import", () => `<link rel=stylesheet href="data:text/css,*{color:red}">`],
  ["table-background", (x) => `<table background="javascript:${x}"><tr><td>t</td></tr></table>`],
  ["td-onclick", (x) => `<table><tr><td onclick="${x}">cell</td></tr></table>`],
  // Dangerous URLs in the attributes that do stay.
  ["a-javascript", (x) => `<a href="javascript:${x}">js link</a>`],
  ["a-javascript-case", (x) => `<a href="JaVaScRiPt:${x}">js link</a>`],
  ["a-javascript-tab", (x) => `<a href="jav\tascript:${x}">js link</a>`],
  ["a-javascript-tab-entity", (x) => `<a href="jav&#x09;ascript:${x}">js link</a>`],
  ["a-javascript-newline-entity", (x) => `<a href="jav&#x0A;ascript:${x}">js link</a>`],
  ["a-javascript-leading-space", (x) => `<a href=" &#14; javascript:${x}">js link</a>`],
  ["a-javascript-decimal", (x) => `<a href="${encodeAll(`javascript:${x}`, (code) => `&#${code}`)}">js link</a>`],
  ["a-javascript-padded", (x) => `<a href="${encodeAll(`javascript:${x}`, (code) => `&#000000${code};`)}">js</a>`],
  ["a-javascript-hex", (x) => `<a href="${encodeAll(`javascript:${x}`, (code) => `&#x${code.toString(16)};`)}">js</a>`],
  ["a-javascript-colon", (x) => `<a href="javascript&colon;${x}">js link</a>`],
  ["a-javascript-named", (x) => `<a href="javascript&#58;${x}">js link</a>`],
  ["a-vbscript", () => `<a href="vbscript:msgbox(1)">vb link</a>`],
  ["a-data-html", (x) => `<a href="data:text/html,&lt;script&gt;${x}&lt;/script&gt;">data link</a>`],
  ["a-data-base64", () => `<a href="data:text/html;base64,PHNjcmlwdD5fX3hzcygnYmFzZTY0Jyk8L3NjcmlwdD4=">b64</a>`],
  ["img-javascript", (x) => `<img src="javascript:${x}">`],
  ["img-data-svg", (x) => `<img src="data:image/svg+xml,&lt;svg onload='${x}'/&gt;">`],
  ["img-srcset", (x) => `<img src="https://example.org/a.png" srcset="javascript:${x} 1x">`],
  ["img-dynsrc", (x) => `<img dynsrc="javascript:${x}">`],
  ["img-lowsrc", (x) => `<img lowsrc="javascript:${x}">`],
  ["a-entity-no-semicolon", (x) => `<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58${x}">js</a>`],
  // Styles: expression(), url(javascript:), -moz-binding, @import.
  ["style-attribute-url", (x) => `<div style="background:url('javascript:${x}')">styled</div>`],
  ["style-attribute-expression", (x) => `<div style="width:expression(${x})">expr</div>`],
  ["style-import", () => `<style>@import 'https://evil.example/x.css';</style>`],
  ["style-moz-binding", () => `<div style="-moz-binding:url(https://evil.example/x.xml#xss)">moz</div>`],
  // DOM clobbering and attribute smuggling.
  ["clobber-id", () => `<img id="__xss" name="__xss" src="https://example.org/c.png">`],
  ["form-clobber", () => `<form id="test"><input name="attributes"></form>`],
  ["data-attribute", (x) => `<span data-x="${x}" is="x-foo">data</span>`],
  // Parser quirks.
  ["null-in-tag", (x) => `<scr\u0000ipt>${x}</scr\u0000ipt>`],
  ["half-open", (x) => `<img src="x" onerror="${x}"`],
  ["double-open", (x) => `<<img src=x onerror="${x}">`],
  ["nested-quote", (x) => `<a href="https://example.org/"onmouseover="${x}">quote</a>`],
  [
    "unicode-escape",
    (x) => `<img src=x onerror="\\u${(x.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}${x.slice(1)}">`,
  ],
  ["escaped-text-breakout", (x) => `&lt;img src=x onerror="${x}"&gt;`],
];

/** Every vector, with a unique id; those that swallow the rest come last, so a corpus joined in this order shows every other vector. */
export const XSS_VECTORS: readonly XssVector[] = raw
  .map(([id, build]) => ({ id, html: build(run(id)), swallowsRest: SWALLOWING.has(id) }))
  .sort((a, b) => Number(a.swallowsRest) - Number(b.swallowsRest));

/** HTML that must survive both cleanings and still show. */
export const LEGITIMATE_HTML =
  "<p>Intro with <b>bold</b>, <strong>strong</strong> and <em>emphasis</em>.</p>" +
  "<ul><li>First item</li><li>Second item</li></ul>" +
  "<ol><li>Step one</li></ol>" +
  '<p>See <a href="https://example.org/programme?day=1&amp;room=2">the programme</a> or ' +
  '<a href="mailto:team@example.org">write to us</a> or <a href="/demo">home</a>.</p>' +
  '<p><img src="https://example.org/sponsor.png" alt="Sponsor logo" width="120" height="40"></p>' +
  "<p>Fish &amp; chips &lt;3, 2 &gt; 1</p>";
