# gdb's Python: steps real nginx through one proxied login, for bench/walk.ts --nginx. nginx runs
# as one process (daemon off, master_process off). The breakpoint's first hit is walk.ts's
# readiness probe, its second the warm-up login; from the third connection on, every statement's
# file, function and stack depth is recorded until that connection is closed and nginx is back in
# its event loop. The steps go to the JSON file WALK_STEPS names.
import gdb, json, os

gdb.execute('set pagination off')
gdb.execute('set confirm off')
gdb.execute('handle SIGPIPE nostop noprint pass')
gdb.execute('break ngx_http_init_connection')
gdb.execute('run')
gdb.execute('continue')
gdb.execute('continue')
steps = []
closed = False
while True:
    frame = gdb.selected_frame()
    sal = frame.find_sal()
    name = frame.name() or ''
    depth, older = 0, frame
    while older is not None:
        depth, older = depth + 1, older.older()
    if sal.symtab:
        steps.append({'file': sal.symtab.filename, 'fn': name, 'depth': depth})
    closed = closed or name == 'ngx_http_close_connection'
    if closed and name == 'ngx_process_events_and_timers':
        break
    gdb.execute('step', to_string=True)
with open(os.environ['WALK_STEPS'], 'w') as out:
    json.dump(steps, out)
gdb.execute('kill')
