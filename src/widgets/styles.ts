/**
 * The one stylesheet of every widget, adopted by each shadow root. `:host` rules are `!important`
 * because, between a page and a shadow tree, the shadow's important declarations win: whatever
 * the page says about `svc-widget` or `*`, the host is reset (`all: initial`) and placed here.
 * Inside the shadow root no page rule applies, and nothing here reaches the page.
 */
export const CSS = `
:host{all:initial!important;display:block!important;position:fixed!important;z-index:2147483647!important;visibility:visible!important;opacity:1!important;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif!important;color:#1b1b1f!important;text-align:left!important}
:host([kind=dialog]){inset:0!important}
:host([kind=toast]){left:8px!important;right:8px!important;bottom:16px!important;pointer-events:none!important}
*,::before,::after{box-sizing:border-box}
[hidden]{display:none!important}
.backdrop{position:fixed;inset:0;display:flex;padding:8px;overflow:auto;background:rgba(16,20,28,.6)}
.dialog{margin:auto;width:min(420px,100%);max-height:100%;overflow:auto;overscroll-behavior:contain;padding:20px;border-radius:12px;background:#fff;color:#1b1b1f;box-shadow:0 12px 40px rgba(0,0,0,.35)}
.head{display:flex;align-items:flex-start;justify-content:space-between;gap:12px;margin:0 0 8px}
h2{margin:0;font-size:20px;line-height:1.3;font-weight:600}
p{margin:0 0 14px}
button{font:inherit;cursor:pointer}
.x{flex:none;width:44px;height:44px;margin:-10px -10px 0 0;padding:0;border:0;border-radius:8px;background:transparent;color:#44474f;font-size:28px;line-height:1}
.x:hover{background:#eceef2}
.field{margin:0 0 16px}
label{display:block;margin:0 0 4px;font-weight:600}
.opt{font-weight:400;color:#5b5e66}
input{display:block;width:100%;margin:0;padding:10px 12px;border:1px solid #74777f;border-radius:8px;background:#fff;color:#1b1b1f;font:inherit;font-size:16px}
input[aria-invalid=true]{border:2px solid #b3261e;padding:9px 11px}
.hint,.err{margin:4px 0 0;font-size:14px}
.hint{color:#5b5e66}
.err{color:#b3261e;font-weight:600}
.captcha{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:0 0 8px}
.captcha img{display:block;width:200px;max-width:100%;height:auto;aspect-ratio:20/7;border:1px solid #c4c6cf;border-radius:6px;background:#f1f2f5}
.link{padding:8px;border:0;border-radius:6px;background:none;color:#0b57d0;text-decoration:underline}
.primary{display:block;width:100%;padding:12px 16px;border:0;border-radius:8px;background:#0b57d0;color:#fff;font-weight:600}
.primary[aria-disabled=true]{cursor:progress}
.result{margin:14px 0 0;font-weight:600}
.result:empty{margin:0}
.bad{color:#b3261e}
.good{color:#146c2e}
:focus{outline:none}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.toast{pointer-events:auto;display:flex;align-items:flex-start;gap:8px;width:100%;max-width:420px;margin:0 auto;padding:12px 8px 12px 16px;border-radius:10px;background:#1b1b1f;color:#fff;box-shadow:0 6px 24px rgba(0,0,0,.3)}
.toast p{flex:1;margin:0;padding:8px 0}
.toast .x{margin:0;color:#fff}
.toast .x:hover{background:#3a3c42}
.toast .x:focus-visible{outline-color:#8ab4f8}
@media (prefers-reduced-motion:no-preference){.dialog,.toast{animation:svc-in .15s ease-out}}
@keyframes svc-in{from{opacity:0;transform:translateY(8px)}}
textarea{display:block;width:100%;margin:0;padding:10px 12px;border:1px solid #74777f;border-radius:8px;background:#fff;color:#1b1b1f;font:inherit;font-size:16px;resize:vertical}
.sr{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.log{display:flex;flex-direction:column;gap:6px;min-height:120px;max-height:min(50vh,360px);margin:0 0 8px;padding:8px;overflow:auto;overscroll-behavior:contain;list-style:none;border:1px solid #c4c6cf;border-radius:8px}
.m{max-width:85%;margin:0;padding:8px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.me{align-self:flex-end;background:#0b57d0;color:#fff}
.me .hint,.me .err{color:#fff}
.op{align-self:flex-start;background:#eceef2}
.pending{opacity:.75}
.chat-form{display:flex;gap:8px;align-items:flex-end;margin:12px 0 0}
.chat-form textarea{flex:1;min-width:0}
.chat-form .primary{width:auto}
.dialog>.body>.link{margin:8px 0 0}
`;
