// test_deploy_lang.mjs — issue #9, helper H: through the embed API of the built page, the launch and load-test
// commands carry their "#" comments in the language asked for, and the shell lines are the same in both.
import { test, assert, assertClean, openPage, waitReady } from './lib/harness.mjs';

// The shell a command runs: its lines without "#" comments, comment-only lines dropped.
const shell = (command) =>
  command.split('\n').map((line) => line.replace(/\s*#.*$/, '')).filter((line) => line !== '').join('\n');

test('deploy lang: zh commands have zh comments only, en commands en ones, the same shell lines', async ({ browser, server }) => {
  const p = await openPage(browser, server.url);
  try {
    await waitReady(p.page);
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      api.setScenario({ model: 'Llama-3.1-8B', weights: 'bf16', engine: 'vllm', hardware: 'nvidia-h100-sxm-80gb',
                        count: 25, concurrency: 500 });
      return { zh: api.getResult('zh').deploy, en: api.getResult('en').deploy };
    });
    for (const key of ['launch_command', 'load_test_command']) {
      const zh = out.zh[key], en = out.en[key];
      assert(shell(zh) === shell(en), `${key} differs:\n${zh}\n---\n${en}`);
      for (const comment of zh.split('\n').filter((l) => l.includes('#')).map((l) => l.slice(l.indexOf('#'))))
        assert(/[\u3000-\u9fff]/.test(comment), `English comment in zh ${key}: ${comment}`);
      assert(!/[\u3000-\u9fff]/.test(en), `Chinese in en ${key}: ${en}`);
    }
    assert(/# 4 个节点/.test(out.zh.launch_command), out.zh.launch_command);
    assert(/# 预期（500 个并发用户）/.test(out.zh.load_test_command), out.zh.load_test_command);
    assert(!/# expected/.test(out.zh.load_test_command), out.zh.load_test_command);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return 'ok';
  } finally {
    await p.close();
  }
});
