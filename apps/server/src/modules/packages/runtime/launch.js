/* global self */
/*
 * Vigil package runtime: the launch page's script inside every SCORM 1.2, SCORM 2004 and cmi5 package.
 * It finds the LMS (window.API for SCORM 1.2, window.API_1484_11 for SCORM 2004, the cmi5 launch
 * parameters), tells it who launched (dispatch: opens a package session on the Vigil server and frames
 * the learner page it answers; self-contained: plays the content inside the package), and relays the
 * completion, success status, score and suspend data to the LMS.
 * Plain ES2018 without imports: it runs as shipped, and the tests load the same file in Node.
 */
(function (root, factory) {
  var api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.VigilPackage = api;
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  var CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
  var MOVEON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
  var VERBS = {
    initialized: 'http://adlnet.gov/expapi/verbs/initialized',
    completed: 'http://adlnet.gov/expapi/verbs/completed',
    passed: 'http://adlnet.gov/expapi/verbs/passed',
    failed: 'http://adlnet.gov/expapi/verbs/failed',
    terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  };

  function pad(n, w) {
    var s = String(n);
    while (s.length < w) s = '0' + s;
    return s;
  }
  function scorm12Time(seconds) {
    var s = Math.max(0, Math.floor(seconds));
    return pad(Math.floor(s / 3600), 4) + ':' + pad(Math.floor((s % 3600) / 60), 2) + ':' + pad(s % 60, 2);
  }
  function isoDuration(seconds) {
    var s = Math.max(0, Math.floor(seconds));
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    return 'PT' + (h ? h + 'H' : '') + (m ? m + 'M' : '') + (s % 60) + 'S';
  }
  function uuid() {
    if (typeof crypto !== 'undefined' && crypto.randomUUID) return crypto.randomUUID();
    return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, function (c) {
      var r = (Math.random() * 16) | 0;
      return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
    });
  }

  /** The SCORM API object of `name`, looked for up the frames and in the opener's (as ADL shows). */
  function findApi(win, name) {
    var tries = 0;
    var w = win;
    while (w && tries < 10) {
      try {
        if (w[name]) return w[name];
      } catch {
        /* a foreign frame: go on up */
      }
      if (!w.parent || w.parent === w) break;
      w = w.parent;
      tries++;
    }
    try {
      if (win.opener) return findApi(win.opener, name);
    } catch {
      /* no opener */
    }
    return null;
  }

  /** SCORM 1.2: cmi.core.* through window.API. */
  function scorm12Adapter(api) {
    var ok = function (v) {
      return String(v) === 'true';
    };
    return {
      initialize: function () {
        return ok(api.LMSInitialize(''));
      },
      learner: function () {
        return { id: api.LMSGetValue('cmi.core.student_id'), name: api.LMSGetValue('cmi.core.student_name') };
      },
      suspendData: function () {
        return api.LMSGetValue('cmi.suspend_data') || '';
      },
      relay: function (state, seconds) {
        var status =
          state.success !== 'unknown' && state.finished
            ? state.success
            : state.completion === 'completed'
              ? 'completed'
              : 'incomplete';
        api.LMSSetValue('cmi.core.lesson_status', status);
        if (state.score !== null) {
          api.LMSSetValue('cmi.core.score.min', '0');
          api.LMSSetValue('cmi.core.score.max', '100');
          api.LMSSetValue('cmi.core.score.raw', String(Math.round(state.score)));
        }
        api.LMSSetValue('cmi.suspend_data', state.suspendData);
        api.LMSSetValue('cmi.core.exit', state.finished ? '' : 'suspend');
        api.LMSSetValue('cmi.core.session_time', scorm12Time(seconds));
        return ok(api.LMSCommit(''));
      },
      terminate: function () {
        return ok(api.LMSFinish(''));
      },
    };
  }

  /** SCORM 2004 3rd Edition: cmi.* through window.API_1484_11. */
  function scorm2004Adapter(api) {
    var ok = function (v) {
      return String(v) === 'true';
    };
    return {
      initialize: function () {
        return ok(api.Initialize(''));
      },
      learner: function () {
        return { id: api.GetValue('cmi.learner_id'), name: api.GetValue('cmi.learner_name') };
      },
      suspendData: function () {
        return api.GetValue('cmi.suspend_data') || '';
      },
      relay: function (state, seconds) {
        api.SetValue(
          'cmi.completion_status',
          state.completion === 'not attempted' ? 'incomplete' : state.completion,
        );
        api.SetValue('cmi.success_status', state.success);
        if (state.score !== null) {
          api.SetValue('cmi.score.min', '0');
          api.SetValue('cmi.score.max', '100');
          api.SetValue('cmi.score.raw', String(Math.round(state.score)));
          api.SetValue('cmi.score.scaled', String(Math.round(state.score) / 100));
        }
        api.SetValue('cmi.suspend_data', state.suspendData);
        api.SetValue('cmi.exit', state.finished ? 'normal' : 'suspend');
        api.SetValue('cmi.session_time', isoDuration(seconds));
        return ok(api.Commit(''));
      },
      terminate: function () {
        return ok(api.Terminate(''));
      },
    };
  }

  /**
   * cmi5: the launch parameters, the single-use auth token from `fetch`, LMS.LaunchData, then the
   * cmi5-defined statements (initialized first, completed / passed / failed once, terminated last).
   */
  function cmi5Session(params, http) {
    var endpoint = params.endpoint.replace(/\/?$/, '/');
    var actor = JSON.parse(params.actor);
    var token = null;
    var launchData = null;
    var sent = { completed: false, passed: false, failed: false, terminated: false };
    var started = Date.now();
    function headers(extra) {
      var h = { Authorization: 'Basic ' + token, 'X-Experience-API-Version': '1.0.3' };
      for (var k in extra || {}) h[k] = extra[k];
      return h;
    }
    function statement(verb, result, moveOn) {
      var ctx = JSON.parse(JSON.stringify(launchData.contextTemplate || {}));
      ctx.registration = params.registration;
      ctx.contextActivities = ctx.contextActivities || {};
      var category = (ctx.contextActivities.category || []).slice();
      category.push({ id: CMI5_CATEGORY, objectType: 'Activity' });
      if (moveOn) category.push({ id: MOVEON_CATEGORY, objectType: 'Activity' });
      ctx.contextActivities.category = category;
      var s = {
        id: uuid(),
        actor: actor,
        verb: { id: VERBS[verb], display: { 'en-US': verb } },
        object: { id: params.activityId, objectType: 'Activity' },
        context: ctx,
        timestamp: new Date().toISOString(),
      };
      if (result) s.result = result;
      return s;
    }
    function send(s) {
      return http(endpoint + 'statements', {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify(s),
      }).then(function (r) {
        if (!r.ok) throw new Error('LRS refused the statement: ' + r.status);
      });
    }
    function duration() {
      return isoDuration((Date.now() - started) / 1000);
    }
    var self = {
      actor: actor,
      launchData: function () {
        return launchData;
      },
      start: function () {
        return http(params.fetch, { method: 'POST' })
          .then(function (r) {
            if (!r.ok) throw new Error('The LMS gave no auth token: ' + r.status);
            return r.json();
          })
          .then(function (body) {
            token = body['auth-token'];
            var q =
              'activities/state?stateId=LMS.LaunchData&activityId=' +
              encodeURIComponent(params.activityId) +
              '&agent=' +
              encodeURIComponent(params.actor) +
              '&registration=' +
              encodeURIComponent(params.registration);
            return http(endpoint + q, { headers: headers() });
          })
          .then(function (r) {
            if (!r.ok) throw new Error('No LMS.LaunchData: ' + r.status);
            return r.json();
          })
          .then(function (data) {
            launchData = data;
            var q =
              'agents/profile?profileId=cmi5LearnerPreferences&agent=' + encodeURIComponent(params.actor);
            return http(endpoint + q, { headers: headers() }).catch(function () {
              return null;
            });
          })
          .then(function () {
            started = Date.now();
            return send(statement('initialized'));
          });
      },
      /** Sends what the state newly says, by the cmi5 rules; never in Browse or Review mode. */
      relay: function (state) {
        if (!launchData || launchData.launchMode !== 'Normal' || sent.terminated) return Promise.resolve();
        var chain = Promise.resolve();
        if (state.completion === 'completed' && !sent.completed) {
          sent.completed = true;
          chain = chain.then(function () {
            return send(statement('completed', { completion: true, duration: duration() }, true));
          });
        }
        if (state.finished && state.score !== null && !sent.passed && !sent.failed) {
          var mastery =
            typeof launchData.masteryScore === 'number' ? launchData.masteryScore : state.masteryScore / 100;
          var scaled = Math.round(state.score) / 100;
          var verb = scaled >= mastery ? 'passed' : 'failed';
          sent[verb] = true;
          chain = chain.then(function () {
            return send(
              statement(
                verb,
                {
                  success: verb === 'passed',
                  score: { scaled: scaled, raw: Math.round(state.score), min: 0, max: 100 },
                  duration: duration(),
                },
                true,
              ),
            );
          });
        }
        return chain;
      },
      terminate: function () {
        if (sent.terminated || !launchData) return Promise.resolve();
        sent.terminated = true;
        return send(statement('terminated', { duration: duration() }));
      },
      returnUrl: function () {
        return launchData && launchData.returnURL;
      },
    };
    return self;
  }

  /** A learner id from the cmi5 actor: its account name, else its mbox. */
  function cmi5LearnerId(actor) {
    if (actor.account && actor.account.name) return actor.account.name;
    if (actor.mbox) return String(actor.mbox).replace(/^mailto:/, '');
    return actor.openid || actor.mbox_sha1sum || 'anonymous';
  }

  /** Opens a package session on the server (dispatch): { token, contentUrl, expiresAt }. */
  function openSession(config, http, learner, suspendData) {
    return http(config.server + '/api/package/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        key: config.key,
        format: config.format,
        learnerId: learner.id,
        learnerName: learner.name || '',
        unitId: config.unitId || undefined,
        suspendData: suspendData || '',
      }),
    }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) throw new Error(body.message || 'The package could not start.');
        return body;
      });
    });
  }

  function readState(config, http, token) {
    return http(config.server + '/api/package/session/state', {
      headers: { 'x-package-session': token },
    }).then(function (r) {
      if (!r.ok) throw new Error('state ' + r.status);
      return r.json();
    });
  }

  /**
   * Runs a dispatch package: `env` gives window, fetch, the launch query and how to show the content
   * (a frame) or an error. Resolves with a controller whose `poll()` relays once and `finish()` ends.
   */
  function runDispatch(config, env) {
    var http = env.fetch;
    var started = Date.now();
    var seconds = function () {
      return (Date.now() - started) / 1000;
    };
    var lms;
    var cmi5 = null;
    var learnerPromise;
    if (config.format === 'cmi5') {
      cmi5 = cmi5Session(env.params, http);
      learnerPromise = cmi5.start().then(function () {
        return { id: cmi5LearnerId(cmi5.actor), name: cmi5.actor.name || '', suspend: '' };
      });
    } else {
      var name = config.format === 'scorm12' ? 'API' : 'API_1484_11';
      var api = findApi(env.window, name);
      if (!api) return Promise.reject(new Error('No LMS found (' + name + ').'));
      lms = config.format === 'scorm12' ? scorm12Adapter(api) : scorm2004Adapter(api);
      if (!lms.initialize()) return Promise.reject(new Error('The LMS refused to start the course.'));
      var who = lms.learner();
      learnerPromise = Promise.resolve({ id: who.id, name: who.name, suspend: lms.suspendData() });
    }
    var last = null;
    return learnerPromise
      .then(function (learner) {
        return openSession(config, http, learner, learner.suspend);
      })
      .then(function (session) {
        env.show(session.contentUrl);
        var relay = function (state) {
          last = state;
          if (cmi5) return cmi5.relay(state);
          lms.relay(state, seconds());
          return Promise.resolve();
        };
        var controller = {
          session: session,
          state: function () {
            return last;
          },
          poll: function () {
            return readState(config, http, session.token).then(relay);
          },
          finish: function () {
            return controller
              .poll()
              .catch(function () {
                return null;
              })
              .then(function () {
                if (cmi5) return cmi5.terminate();
                lms.terminate();
              });
          },
          returnUrl: function () {
            return cmi5 ? cmi5.returnUrl() : null;
          },
        };
        return controller.poll().then(function () {
          return controller;
        });
      });
  }

  /** The browser entry: reads the config, runs, polls every few seconds, ends on leaving. */
  function boot(win) {
    var doc = win.document;
    var config = JSON.parse(doc.getElementById('vigil-config').textContent);
    var params = {};
    new URLSearchParams(win.location.search).forEach(function (v, k) {
      params[k] = v;
    });
    if (params.unit) config.unitId = params.unit;
    var status = doc.getElementById('vigil-status');
    var frame = doc.getElementById('vigil-frame');
    var env = {
      window: win,
      fetch: win.fetch.bind(win),
      params: params,
      show: function (url) {
        frame.src = url;
        frame.hidden = false;
        status.hidden = true;
      },
    };
    var run =
      config.variant === 'self-contained' ? win.VigilLocalPlayer.run(config, env) : runDispatch(config, env);
    run.then(
      function (controller) {
        win.vigilPackage = controller;
        var timer = win.setInterval(function () {
          controller.poll().catch(function () {});
        }, config.pollMs || 4000);
        var done = false;
        var end = function () {
          if (done) return;
          done = true;
          win.clearInterval(timer);
          controller.finish();
        };
        win.addEventListener('pagehide', end);
        win.addEventListener('beforeunload', end);
      },
      function (err) {
        status.textContent = err && err.message ? err.message : String(err);
        status.setAttribute('role', 'alert');
      },
    );
  }

  return {
    boot: boot,
    runDispatch: runDispatch,
    cmi5Session: cmi5Session,
    scorm12Adapter: scorm12Adapter,
    scorm2004Adapter: scorm2004Adapter,
    findApi: findApi,
    scorm12Time: scorm12Time,
    isoDuration: isoDuration,
  };
});
