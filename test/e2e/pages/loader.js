/* global Svc, SvcWidget -- installed by svc.js, which this page loads */
// The documented loader as an external file, for pages whose CSP forbids inline scripts.
(window.__cs = window.__cs || []).push(['setCsAccount', new URLSearchParams(location.search).get('site') || 'chat-site']);
// Every CSP violation of the page, for the test to read.
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
document.addEventListener('DOMContentLoaded', function () {
  document.getElementById('chat').addEventListener('click', function () { Svc.openChatWindow(); });
  document.getElementById('request').addEventListener('click', function () { Svc.openSiteRequestPanel(); });
  document.getElementById('callback').addEventListener('click', function () { SvcWidget.openSitePhonePanel(); });
});
