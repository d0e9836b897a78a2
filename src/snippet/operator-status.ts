import { STATUS_PATH } from '../protocol.js';
import { _state } from './state.js';

let _es: EventSource | 0 = 0;

/**
 * Keeps `_state._online` (`Svc.getOperatorStatus()`) current: a server-sent event stream from the
 * consultant server says `1` or `0` on connect and on every change, and EventSource reconnects by
 * itself. The stream is closed while the page is hidden, so background tabs do not hold
 * connections (browsers allow six per server over HTTP/1.1); it reopens, and the first message
 * brings the current status, when the page is shown again.
 */
export function _watchStatus(): void {
  const sync = () => {
    try {
      if (document.hidden) {
        if (_es) _es.close();
        _es = 0;
      } else if (!_es) {
        // The site key is checked to be URL-safe (`setCsAccount`): no encoding needed.
        const es = (_es = new EventSource(_state._host + STATUS_PATH + _state._key));
        es.onmessage = (e) => {
          _state._online = e.data > '0';
        };
        // EventSource gives up for good on an answer other than 200 (a proxy's 502 while the
        // server restarts): start a new one a little later.
        es.onerror = () => {
          if (es.readyState > 1) {
            _es = 0;
            setTimeout(sync, 3e4);
          }
        };
      }
    } catch {
      // no EventSource: the status stays false
    }
  };
  document.addEventListener('visibilitychange', sync);
  sync();
}
