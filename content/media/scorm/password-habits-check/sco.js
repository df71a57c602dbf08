// A small SCORM 1.2 SCO: a four-question check that reports its score and status to the LMS.
(function () {
  'use strict';
  var QUESTIONS = [
    {
      q: 'A site asks you to create a new password. What do you choose?',
      a: [
        'A long passphrase of four unrelated words',
        'Your usual password with a new number at the end',
        "Your pet's name and birth year",
      ],
      correct: 0,
    },
    {
      q: 'Where do you keep your work passwords?',
      a: ['In a notebook in the top drawer', 'In the company password manager', 'In a file on the desktop'],
      correct: 1,
    },
    {
      q: 'Your phone shows a sign-in approval you did not start. What do you do?',
      a: ['Approve it so it stops', 'Ignore it', 'Deny it and report it to IT'],
      correct: 2,
    },
    {
      q: 'A colleague asks for your password to finish a task while you are away.',
      a: [
        'Share it by chat and change it later',
        'Refuse and ask IT to give them access',
        'Write it on a sticky note for them',
      ],
      correct: 1,
    },
  ];
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
