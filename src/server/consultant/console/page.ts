/**
 * The operator console page. Static markup only: console.js (src/console/console.ts) fills it,
 * always through textContent. No inline script or style, so the page runs under its own strict
 * Content-Security-Policy. Its texts are Russian until the script runs; the script writes every
 * `data-text` element from src/console/console-texts.ts in the chosen language (`?lang=`, else the
 * choice saved by either console page's switch).
 */
export function consolePage(): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Консоль оператора</title>
<link rel="stylesheet" href="/op/console.css">
<script type="module" src="/op/console.js"></script>
</head>
<body>
<main id="signin" hidden>
  <h1 data-text="title">Консоль оператора</h1>
  <form id="login" novalidate>
    <label for="email" data-text="email">E-mail</label>
    <input id="email" name="email" type="email" autocomplete="username" required>
    <label for="password" data-text="password">Пароль</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit" data-text="signIn">Войти</button>
    <p id="login-error" class="error" role="alert"></p>
  </form>
</main>
<div id="console" hidden>
  <header>
    <h1 class="sr" data-text="title">Консоль оператора</h1>
    <strong id="me"></strong>
    <a id="reports-link" href="/op/reports" data-text="reports">Отчёты</a>
    <label class="switch"><span data-text="lang">Язык</span>
      <select id="lang"><option value="ru" lang="ru">Русский</option><option value="en" lang="en">English</option></select></label>
    <label class="switch"><input id="online" type="checkbox" role="switch"> <span id="online-label" data-text="offline">Не в сети</span></label>
    <span id="link" class="muted" role="status"></span>
    <button id="logout" type="button" data-text="signOut">Выйти</button>
  </header>
  <section id="calls-box" aria-labelledby="calls-h" hidden>
    <h2 id="calls-h" data-text="calls">Звонки</h2>
    <ul id="calls" aria-live="assertive"></ul>
  </section>
  <main class="cols">
    <section aria-labelledby="chats-h">
      <h2 id="chats-h" data-text="chats">Чаты</h2>
      <ul id="chats"></ul>
    </section>
    <section id="chat" aria-labelledby="chat-h">
      <h2 id="chat-h" data-text="selectChat">Выберите чат</h2>
      <p id="chat-info" class="muted"></p>
      <p id="chat-visit" class="muted"></p>
      <ol id="messages" aria-live="polite"></ol>
      <form id="reply" hidden>
        <label for="reply-text" class="sr" data-text="reply">Ответ</label>
        <textarea id="reply-text" rows="3" maxlength="4096" required></textarea>
        <div class="row">
          <button type="submit" data-text="send">Отправить</button>
          <button id="end-chat" type="button" data-text="endChat">Завершить чат</button>
        </div>
        <p id="reply-error" class="error" role="alert"></p>
      </form>
    </section>
    <section aria-labelledby="requests-h">
      <h2 id="requests-h" data-text="requests">Заявки и обратные звонки</h2>
      <ul id="requests"></ul>
    </section>
  </main>
</div>
</body>
</html>
`;
}

/**
 * The reports page: sign-in is the console's (same cookie); reports.js (src/console/reports.ts,
 * with uPlot bundled in) fills it and writes every text in the chosen language, Russian until the
 * script runs.
 */
export function reportsPage(): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Отчёты</title>
<link rel="stylesheet" href="/op/console.css">
<link rel="stylesheet" href="/op/uplot.css">
<script type="module" src="/op/reports.js"></script>
</head>
<body>
<main id="signin" hidden>
  <p id="signin-text">Войдите в консоль оператора.</p>
  <a id="signin-link" href="/op/">Консоль оператора</a>
</main>
<div id="reports" hidden>
  <header>
    <h1 id="title-h" class="sr">Отчёты</h1>
    <strong id="me"></strong>
    <a id="console-link" href="/op/">Консоль</a>
    <label class="switch"><span id="lang-label">Язык</span>
      <select id="lang"><option value="ru">Русский</option><option value="en">English</option></select></label>
  </header>
  <main>
  <form id="filters" class="bar">
    <label><span id="site-label">Сайт</span> <select id="site"></select></label>
    <label><span id="from-label">С</span> <input id="from" type="date" required></label>
    <label><span id="to-label">По</span> <input id="to" type="date" required></label>
    <label><span id="kind-label">Показатель</span> <select id="kind"></select></label>
    <button id="apply" type="submit">Показать</button>
    <p id="error" class="error" role="alert"></p>
  </form>
  <section aria-labelledby="chart-h">
    <h2 id="chart-h">По дням</h2>
    <p id="range" class="muted"></p>
    <div id="chart"></div>
  </section>
  <section>
    <h2 id="list-h">Обращения</h2>
    <div class="scroll" tabindex="0" role="region" aria-labelledby="list-h">
      <table id="list"><thead><tr></tr></thead><tbody></tbody></table>
    </div>
    <div class="row">
      <button id="prev" type="button">←</button>
      <span id="page" class="muted" role="status"></span>
      <button id="next" type="button">→</button>
    </div>
  </section>
  </main>
</div>
</body>
</html>
`;
}

export const CONSOLE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.4 system-ui,sans-serif;color:#1b1f24;background:#f4f5f7}
[hidden]{display:none!important}
main#signin{max-width:22rem;margin:10vh auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
form#login{display:grid;gap:.4rem}
input,textarea,button{font:inherit}
input,textarea{width:100%;padding:.45rem .5rem;border:1px solid #8a94a3;border-radius:4px}
button{padding:.45rem .9rem;border:0;border-radius:4px;background:#1c5fd4;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,a:focus-visible,[tabindex]:focus-visible{outline:3px solid #f0a800;outline-offset:2px}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;padding:.6rem 1rem;background:#fff;border-bottom:1px solid #d5d9e0}
header #logout{margin-left:auto}
.switch{display:flex;gap:.4rem;align-items:center}
.switch input{width:auto}
.cols{display:grid;grid-template-columns:minmax(14rem,1fr) 2fr minmax(14rem,1fr);gap:1rem;padding:1rem}
@media (max-width:800px){.cols{grid-template-columns:1fr}}
section{background:#fff;border-radius:8px;padding:.8rem;min-width:0}
h2{font-size:1rem;margin:0 0 .5rem}
ul,ol{list-style:none;margin:0;padding:0}
#calls-box{margin:1rem 1rem 0}
#calls li{padding:.5rem;border-bottom:1px solid #e6e8ec;overflow-wrap:anywhere}
#calls li.ringing{background:#fff4d6;border-left:4px solid #f0a800}
#calls li.answered{border-left:4px solid #1c5fd4}
#calls dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .6rem;margin:.3rem 0 0}
#calls dt{color:#5c6570}
#calls dd{margin:0;white-space:pre-line}
#chats li,#requests li{border-bottom:1px solid #e6e8ec;overflow-wrap:anywhere}
#requests li{padding:.5rem}
#chats button{display:block;width:100%;padding:.5rem;border-radius:0;background:none;color:inherit;text-align:left}
#chats button[aria-current=true]{background:#e8f0fe}
#chats small{display:block}
#chats li.waiting span{font-weight:600}
#messages{max-height:55vh;overflow:auto;display:flex;flex-direction:column;gap:.4rem;margin-bottom:.6rem}
#messages li{max-width:80%;padding:.4rem .6rem;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere}
#messages li.visitor{background:#eef0f3;align-self:flex-start}
#messages li.operator{background:#dbe8ff;align-self:flex-end}
#messages time{display:block;margin-top:.15rem;font-size:.8em;color:#4d5560;text-align:right}
#chat-info,#chat-visit{margin:0 0 .4rem;overflow-wrap:anywhere}
.row{display:flex;gap:.5rem;margin-top:.4rem}
#end-chat{background:#5c6570}
.muted{color:#5c6570;font-size:.9em}
.error{color:#b00020;min-height:1.2em;margin:.3rem 0 0}
#reports section{margin:1rem}
.bar{display:flex;flex-wrap:wrap;gap:.6rem 1rem;align-items:end;padding:.8rem 1rem}
.bar label,header label{display:flex;gap:.4rem;align-items:center}
.bar input,.bar select{width:auto}
#chart{min-height:320px}
.scroll{overflow-x:auto}
#list{border-collapse:collapse;width:100%;font-size:.9em}
#list th,#list td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #e6e8ec}
#list th{white-space:nowrap}
#list td.context{white-space:pre-line;overflow-wrap:anywhere;min-width:14rem}
.tag{display:inline-block;margin:0 .3rem .2rem 0;padding:0 .4rem;border-radius:3px;background:#e8f0fe}
button:disabled{background:#9aa3ad;cursor:default}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;
