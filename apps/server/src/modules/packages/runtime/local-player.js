/* global self */
/*
 * Vigil package runtime, self-contained variant: plays a training's videos (with captions) and quizzes,
 * and its interactive subjects (through `VigilInteractive`, the player's build in vigil/interactive.js),
 * from inside the package, for an LMS whose learners cannot reach Vigil. Progress lives in the LMS's
 * suspend data only ({"v":1,"done":[subject ids],"answers":{subjectId:[chosen indexes]},
 * "scenes":{subjectId:[[found flag indexes, choice index] per scene decided]}}), so a relaunch resumes
 * where the learner left. An interactive subject scores like a quiz: each red flag found and each
 * right decision is one right answer of (its flags + its scenes); the first result of a scene counts.
 * Uses the LMS adapters of launch.js.
 */
(function (root) {
  'use strict';
  var P = root.VigilPackage;

  function parse(data) {
    try {
      var v = JSON.parse(data);
      if (v && v.v === 1) return { done: v.done || [], answers: v.answers || {}, scenes: v.scenes || {} };
    } catch {
      /* empty or foreign suspend data: start afresh */
    }
    return { done: [], answers: {}, scenes: {} };
  }

  /** An interactive subject's points: per scene decided, the flags found and a right decision. */
  function interactivePoints(subject, decided) {
    var points = { answered: 0, correct: 0 };
    subject.interactive.scenes.forEach(function (scene, i) {
      var result = decided && decided[i];
      if (!result) return;
      var choice = scene.decision.choices[result[1]];
      points.answered += scene.flags.length + 1;
      points.correct += result[0].length + (choice && choice.correct ? 1 : 0);
    });
    return points;
  }

  function stateOf(config, progress) {
    var total = config.subjects.length;
    var done = config.subjects.filter(function (s) {
      return progress.done.indexOf(s.id) >= 0;
    }).length;
    var answered = 0;
    var correct = 0;
    config.subjects.forEach(function (s) {
      if (s.interactive) {
        var points = interactivePoints(s, progress.scenes[s.id]);
        answered += points.answered;
        correct += points.correct;
      }
      var a = progress.answers[s.id];
      if (!a) return;
      s.questions.forEach(function (q, i) {
        if (a[i] === undefined) return;
        answered++;
        if (a[i] === q.correct) correct++;
      });
    });
    var finished = total > 0 && done >= total;
    var score = answered > 0 ? Math.round((100 * correct) / answered) : null;
    return {
      completion: done === 0 ? 'incomplete' : finished ? 'completed' : 'incomplete',
      success: !finished ? 'unknown' : score === null || score >= config.masteryScore ? 'passed' : 'failed',
      score: score,
      masteryScore: config.masteryScore,
      suspendData: JSON.stringify({
        v: 1,
        done: progress.done,
        answers: progress.answers,
        scenes: progress.scenes,
      }),
      finished: finished,
    };
  }

  function el(doc, tag, attrs, text) {
    var e = doc.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }

  /** A text of the package in its language ({{name}} placeholders filled), English as shipped else. */
  function textOf(config, key, fallback, values) {
    var text = (config.texts && config.texts[key]) || fallback;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }

  function run(config, env) {
    var win = env.window;
    var doc = win.document;
    var name = config.format === 'scorm12' ? 'API' : 'API_1484_11';
    var started = Date.now();
    var api = P.findApi(win, name);
    if (config.format === 'cmi5') return Promise.reject(new Error('cmi5 packages are dispatch packages.'));
    if (!api) return Promise.reject(new Error('No LMS found (' + name + ').'));
    var lms = config.format === 'scorm12' ? P.scorm12Adapter(api) : P.scorm2004Adapter(api);
    if (!lms.initialize()) return Promise.reject(new Error('The LMS refused to start the course.'));
    var progress = parse(lms.suspendData());
    var host = doc.getElementById('vigil-local');
    doc.getElementById('vigil-status').hidden = true;
    host.hidden = false;
    var relay = function () {
      lms.relay(stateOf(config, progress), (Date.now() - started) / 1000);
    };

    var unmount = null;

    /** An interactive subject: its illustration, then the player; each scene's first result is kept. */
    function showInteractive(s, nextLabel, finish) {
      if (s.illustration)
        host.appendChild(
          el(doc, 'img', { class: 'vigil-illustration', src: s.illustration.src, alt: s.illustration.alt }),
        );
      var mountPoint = el(doc, 'div', { class: 'vigil-interactive' });
      host.appendChild(mountPoint);
      unmount = root.VigilInteractive.mount(mountPoint, {
        body: s.interactive,
        texts: (config.texts && config.texts.player) || {},
        onScene: function (result) {
          var scenes = s.interactive.scenes;
          var at = scenes.findIndex(function (scene) {
            return scene.id === result.scene;
          });
          if (at < 0) return;
          var decided = (progress.scenes[s.id] = progress.scenes[s.id] || []);
          if (!decided[at]) {
            var flags = scenes[at].flags;
            decided[at] = [
              result.found
                .map(function (id) {
                  return flags.findIndex(function (f) {
                    return f.id === id;
                  });
                })
                .filter(function (i) {
                  return i >= 0;
                }),
              scenes[at].decision.choices.findIndex(function (c) {
                return c.id === result.choice;
              }),
            ];
          }
          // The last scene's decision finishes the subject (as event 17 does in the learner app).
          if (at === scenes.length - 1 && progress.done.indexOf(s.id) < 0) progress.done.push(s.id);
          relay();
        },
        doneLabel: nextLabel,
        onDone: finish,
      });
    }

    function show(index) {
      if (unmount) unmount();
      unmount = null;
      host.textContent = '';
      var s = config.subjects[index];
      if (!s) {
        var st = stateOf(config, progress);
        host.appendChild(el(doc, 'h1', {}, config.name));
        host.appendChild(
          el(
            doc,
            'p',
            { role: 'status' },
            st.score === null
              ? textOf(config, 'finished', 'Finished.')
              : textOf(config, 'finishedScore', 'Finished. Your score: {{score}}%', { score: st.score }),
          ),
        );
        return;
      }
      host.appendChild(el(doc, 'h1', {}, s.title));
      var nextLabel =
        index + 1 < config.subjects.length
          ? textOf(config, 'next', 'Next')
          : textOf(config, 'finish', 'Finish');
      var next = el(doc, 'button', { type: 'button', class: 'vigil-button' }, nextLabel);
      var finish = function () {
        if (progress.done.indexOf(s.id) < 0) progress.done.push(s.id);
        relay();
        show(index + 1);
      };
      if (s.interactive) return showInteractive(s, nextLabel, finish);
      if (s.video) {
        var video = el(doc, 'video', { controls: '', src: s.video, preload: 'metadata' });
        if (s.captions)
          video.appendChild(
            el(doc, 'track', {
              kind: 'captions',
              src: s.captions,
              srclang: 'en',
              label: 'English',
              default: '',
            }),
          );
        host.appendChild(video);
      }
      if (s.questions.length > 0) {
        var form = el(doc, 'form', {});
        s.questions.forEach(function (q, qi) {
          var set = el(doc, 'fieldset', {});
          set.appendChild(el(doc, 'legend', {}, q.question));
          q.answers.forEach(function (a, ai) {
            var label = el(doc, 'label', {});
            var input = el(doc, 'input', { type: 'radio', name: 'q' + qi, value: String(ai) });
            label.appendChild(input);
            label.appendChild(doc.createTextNode(' ' + a));
            set.appendChild(label);
            set.appendChild(el(doc, 'br'));
          });
          form.appendChild(set);
        });
        next.type = 'submit';
        form.appendChild(next);
        form.addEventListener('submit', function (e) {
          e.preventDefault();
          progress.answers[s.id] = s.questions.map(function (q, qi) {
            var c = form.querySelector('input[name="q' + qi + '"]:checked');
            return c ? Number(c.value) : -1;
          });
          finish();
        });
        host.appendChild(form);
      } else {
        next.addEventListener('click', finish);
        host.appendChild(next);
      }
    }

    var first = config.subjects.findIndex(function (s) {
      return progress.done.indexOf(s.id) < 0;
    });
    show(first < 0 ? config.subjects.length : first);
    relay();
    return Promise.resolve({
      state: function () {
        return stateOf(config, progress);
      },
      poll: function () {
        relay();
        return Promise.resolve();
      },
      finish: function () {
        relay();
        lms.terminate();
        return Promise.resolve();
      },
    });
  }

  root.VigilLocalPlayer = { run: run, stateOf: stateOf };
})(self);
