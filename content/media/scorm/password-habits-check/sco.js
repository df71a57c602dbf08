// A small SCORM 1.2 SCO: a four-question check that reports its score and status to the LMS. Its
// questions are the page's JSON data (#questions), which the subject's quiz lists too.
(function () {
  'use strict';
  var QUESTIONS = JSON.parse(document.getElementById('questions').textContent);
  var MASTERY = 75;
  var started = Date.now();

  function findAPI(win) {
    for (var i = 0; win && i < 10; i++) {
      if (win.API) return win.API;
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findAPI(window);

  function pad(n, w) {
    var s = String(n);
    while (s.length < w) s = '0' + s;
    return s;
  }
  function sessionTime(ms) {
    var s = Math.floor(ms / 1000);
    return pad(Math.floor(s / 3600), 4) + ':' + pad(Math.floor(s / 60) % 60, 2) + ':' + pad(s % 60, 2);
  }

  var form = document.getElementById('quiz');
  QUESTIONS.forEach(function (item, i) {
    var set = document.createElement('fieldset');
    var legend = document.createElement('legend');
    legend.textContent = i + 1 + '. ' + item.q;
    set.appendChild(legend);
    item.a.forEach(function (answer, j) {
      var label = document.createElement('label');
      var input = document.createElement('input');
      input.type = 'radio';
      input.name = 'q' + i;
      input.value = String(j);
      label.appendChild(input);
      label.appendChild(document.createTextNode(' ' + answer));
      set.appendChild(label);
    });
    form.appendChild(set);
  });
  var submit = document.createElement('button');
  submit.type = 'submit';
  submit.textContent = 'Check my answers';
  form.appendChild(submit);

  if (api) {
    api.LMSInitialize('');
    if (api.LMSGetValue('cmi.core.lesson_status') === 'not attempted')
      api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var right = 0;
    QUESTIONS.forEach(function (item, i) {
      var chosen = form.querySelector('input[name="q' + i + '"]:checked');
      if (chosen && Number(chosen.value) === item.correct) right++;
    });
    var score = Math.round((right / QUESTIONS.length) * 100);
    var passed = score >= MASTERY;
    var result = document.getElementById('result');
    result.textContent = 'You scored ' + score + '%. ' + (passed ? 'Passed.' : 'Not passed yet: try again.');
    result.className = passed ? 'passed' : 'failed';
    if (api) {
      api.LMSSetValue('cmi.core.score.raw', String(score));
      api.LMSSetValue('cmi.core.score.min', '0');
      api.LMSSetValue('cmi.core.score.max', '100');
      api.LMSSetValue('cmi.core.lesson_status', passed ? 'passed' : 'failed');
      api.LMSSetValue('cmi.core.session_time', sessionTime(Date.now() - started));
      api.LMSCommit('');
      api.LMSFinish('');
    }
  });
})();
