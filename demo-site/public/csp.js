/* global Svc, SvcWidget -- installed by svc.js, which this page loads */
// The documented loader as an external file: csp.html's policy allows no inline script.
(window.__cs = window.__cs || []).push(['setCsAccount', 'demo-site']);
// Every Content-Security-Policy violation of the page, shown on it (and read by the e2e test).
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  document.getElementById('violations').textContent = String(window.cspViolations.length);
});
document.addEventListener('DOMContentLoaded', function () {
  fetch(location.href, { method: 'HEAD' }).then(function (r) {
    document.getElementById('policy').textContent = (r.headers.get('Content-Security-Policy') || '').split('; ').join(';\n');
  });
  document.getElementById('callback').addEventListener('click', function () {
    SvcWidget.openSitePhonePanel();
  });
  document.getElementById('request').addEventListener('click', function () {
    Svc.openSiteRequestPanel();
  });
  document.getElementById('chat').addEventListener('click', function () {
    Svc.openChatWindow();
  });
});
