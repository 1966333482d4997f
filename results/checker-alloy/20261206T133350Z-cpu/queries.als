open ptx

pred q0 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q0 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q1 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Release and e2 in Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->c0 + e2->c0 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q1 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q2 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q2 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q3 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Acquire and e2 in Release and e3 in Acquire and e4 in Read - Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->t2 and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q3 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q4 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q4 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q5 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q5 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q6 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q6 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q7 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q7 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q8 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in BarrierArrive and e2 in BarrierWait and e3 in BarrierArrive and e4 in BarrierWait and e5 in BarrierArrive and e6 in BarrierWait and e7 in BarrierArrive and e8 in BarrierWait and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 + e8->c0 + e9->t1 and
    address = e0->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = e1->e2 + e1->e6 + e5->e2 + e5->e6 + e3->e4 + e3->e8 + e7->e4 + e7->e8 and
    (no rf.e9) and ptx_mm
}
run q8 for exactly 10 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q13 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e0) and (no rf.e2) and ptx_mm
}
run q13 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q37 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q37 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q38 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q38 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q39 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q39 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q40 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q40 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q41 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q41 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q42 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q42 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q43 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q43 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q44 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q44 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q45 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q45 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q46 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q46 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q47 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q47 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q48 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q48 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q49 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q49 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q50 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q50 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q51 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q51 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q52 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q52 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q53 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q53 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q54 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q54 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q55 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q55 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q56 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q56 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q57 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q57 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q58 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q58 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q59 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q59 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q60 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q60 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q61 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q61 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q62 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q62 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q63 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q63 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q64 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q64 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q65 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q65 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q66 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q66 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q67 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q67 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q68 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q68 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q69 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q69 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q70 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q70 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q71 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q71 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q72 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q72 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q73 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q73 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q74 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q74 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q75 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q75 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q76 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q76 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q77 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q77 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q78 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q78 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q79 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q79 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q80 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q80 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q81 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q81 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q82 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q82 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q83 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q83 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q84 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q84 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q85 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q85 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q86 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e3) and ptx_mm
}
run q86 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q87 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q87 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q88 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q88 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q89 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q89 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q90 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q90 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q91 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q91 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q92 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q92 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q93 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q93 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q94 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (no rf.e4) and ptx_mm
}
run q94 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q95 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q95 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q96 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q96 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q97 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q97 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q98 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q98 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q99 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q99 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q100 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q100 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q101 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q101 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q102 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q102 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q103 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q103 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q104 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q104 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q105 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q105 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q106 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q106 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q107 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q107 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q108 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q108 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q109 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q109 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q110 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q110 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q111 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q111 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q112 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q112 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q113 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q113 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q114 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q114 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q115 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q115 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q116 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q116 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q117 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q117 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q118 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q118 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q119 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q119 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q120 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q120 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q121 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q121 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q122 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q122 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q123 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q123 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q124 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q124 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q125 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q125 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q126 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q126 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q127 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q127 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q128 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q128 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q129 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q129 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q130 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q130 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q131 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q131 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q132 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q132 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q133 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q133 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q134 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (no rf.e5) and ptx_mm
}
run q134 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q135 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q135 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q136 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q136 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q137 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q137 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q138 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q138 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q139 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q139 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q140 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q140 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q141 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q141 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q142 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q142 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q143 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q143 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q144 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q144 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q145 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q145 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q146 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q146 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q147 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q147 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q148 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q148 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q149 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q149 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q150 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q150 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q151 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q151 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q152 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q152 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q153 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q153 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q154 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q154 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q155 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q155 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q156 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q156 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q157 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q157 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q158 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q158 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q159 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q159 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q160 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q160 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q161 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q161 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q162 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q162 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q163 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q163 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q164 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q164 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q165 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q165 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q166 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q166 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q167 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q167 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q168 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q168 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q169 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q169 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q170 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q170 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q171 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q171 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q172 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q172 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q173 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q173 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q174 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q174 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q175 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q175 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q176 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q176 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q177 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q177 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q178 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q178 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q179 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q179 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q180 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in Read - Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q180 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q181 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q181 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q182 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q182 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q183 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q183 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q184 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Release and e3 in Acquire and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e3) and ptx_mm
}
run q184 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q185 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q185 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q186 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q186 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q187 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q187 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q188 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q188 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q189 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q189 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q190 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q190 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q191 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q191 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q192 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e1) and (no rf.e4) and ptx_mm
}
run q192 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q193 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q193 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q194 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q194 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q195 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q195 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q196 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q196 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q197 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q197 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q198 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q198 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q199 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q199 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q200 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q200 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q201 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Release and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q201 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q202 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Release and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q202 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q203 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Release and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q203 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q204 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Release and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q204 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q205 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q205 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q206 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q206 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q207 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q207 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q208 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q208 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q209 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q209 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q210 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q210 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q211 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q211 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q212 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q212 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q213 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q213 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q214 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q214 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q215 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q215 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q216 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q216 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q217 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q217 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q218 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q218 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q219 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q219 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q220 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q220 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q221 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Release and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q221 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q222 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Release and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q222 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q223 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Release and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q223 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q224 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Release and e4 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e4) and ptx_mm
}
run q224 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q225 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q225 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q226 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q226 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q227 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q227 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q228 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q228 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q229 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q229 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q230 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q230 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q231 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q231 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q232 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (no rf.e2) and (no rf.e5) and ptx_mm
}
run q232 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q233 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q233 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q234 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q234 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q235 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q235 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q236 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q236 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q237 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q237 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q238 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q238 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q239 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q239 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q240 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q240 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q241 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q241 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q242 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q242 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q243 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q243 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q244 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q244 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q245 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q245 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q246 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q246 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q247 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q247 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q248 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q248 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q249 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q249 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q250 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q250 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q251 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q251 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q252 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q252 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q253 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q253 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q254 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q254 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q255 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q255 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q256 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q256 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q257 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q257 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q258 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q258 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q259 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q259 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q260 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q260 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q261 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q261 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q262 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q262 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q263 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q263 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q264 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q264 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q265 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q265 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q266 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q266 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q267 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q267 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q268 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q268 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q269 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q269 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q270 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q270 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q271 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q271 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q272 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q272 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q273 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q273 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q274 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->t1 + e3->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q274 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q275 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q275 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q276 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q276 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q277 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q277 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q278 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in Write - Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q278 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q279 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q279 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q280 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q280 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q281 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q281 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q282 {
  some disj e0, e1, e2, e3: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Acquire and e3 in Release and
    po = e0->e1 + e2->e3 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q282 for exactly 4 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q283 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q283 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q284 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q284 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q285 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q285 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q286 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q286 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q287 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q287 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q288 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q288 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q289 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q289 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q290 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Acquire and e1 in Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Write - Release and
    po = e0->e1 + e2->e3 + e3->e4 and start = t0->e0 + t1->e2 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e1->e2 in rf) and ptx_mm
}
run q290 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q291 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q291 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q292 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q292 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q293 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q293 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q294 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q294 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q295 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q295 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q296 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q296 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q297 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q297 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q298 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q298 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q299 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q299 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q300 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q300 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q301 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q301 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q302 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q302 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q303 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q303 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q304 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q304 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q305 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q305 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q306 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q306 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q307 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q307 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q308 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q308 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q309 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q309 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q310 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q310 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q311 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q311 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q312 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q312 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q313 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q313 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q314 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q314 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q315 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q315 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q316 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q316 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q317 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q317 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q318 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q318 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q319 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q319 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q320 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q320 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q321 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q321 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q322 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Acquire and e4 in Release and
    po = e0->e1 + e1->e2 + e3->e4 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e4->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q322 for exactly 5 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q323 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q323 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q324 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q324 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q325 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q325 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q326 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q326 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q327 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q327 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q328 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q328 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q329 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q329 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q330 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Read - Acquire and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e0 in rf) and (e2->e3 in rf) and ptx_mm
}
run q330 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q331 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q331 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q332 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q332 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q333 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->c0 + e2->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q333 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q334 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->c1 + e2->c1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q334 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q335 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q335 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q336 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q336 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q337 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->c0 + e2->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q337 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q338 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->c1 + e2->c1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q338 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q339 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q339 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q340 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q340 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q341 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q341 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q342 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->c1 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q342 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q343 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q343 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q344 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q344 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q345 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q345 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q346 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->c1 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q346 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q347 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q347 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q348 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q348 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q349 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q349 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q350 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q350 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q351 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q351 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q352 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q352 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q353 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q353 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q354 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c1 + e2->c1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q354 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q355 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q355 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q356 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q356 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q357 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q357 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q358 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c1 + e2->c1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q358 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q359 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q359 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q360 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q360 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q361 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q361 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q362 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c1 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q362 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q363 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q363 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q364 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q364 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q365 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q365 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q366 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c1 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q366 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q367 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q367 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q368 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q368 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q369 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q369 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q370 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q370 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q371 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q371 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q372 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->t1 + e2->t1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q372 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q373 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q373 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q374 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c1 + e2->c1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q374 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q375 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q375 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q376 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in Read - Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q376 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q377 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q377 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q378 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c1 + e2->c1 and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q378 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q379 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q379 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q380 {
  some disj e0, e1, e2: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Acquire and e2 in Acquire and
    po = e1->e2 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e2) and ptx_mm
}
run q380 for exactly 3 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q381 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q381 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q382 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c1 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q382 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q383 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q383 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q384 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q384 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q385 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q385 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q386 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c1 + e2->c1 + e3->c1 and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q386 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q387 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q387 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 5 Scope
pred q388 {
  some disj e0, e1, e2, e3: Event, a_0: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 and Address = a_0 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Read - Acquire and
    po = e1->e2 + e2->e3 and start = t0->e0 + t1->e1 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (no rf.e3) and ptx_mm
}
run q388 for exactly 4 Event, exactly 1 Address, exactly 2 Thread, exactly 6 Scope
pred q389 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q389 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q390 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q390 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q391 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q391 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q392 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q392 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q393 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q393 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q394 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q394 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q395 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q395 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q396 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q396 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q397 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q397 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q398 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q398 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q399 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q399 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q400 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->c1 + e4->c1 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q400 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q401 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q401 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q402 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q402 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q403 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q403 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q404 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->c1 + e4->c1 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q404 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q405 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q405 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q406 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->t0 + e1->t0 + e2->t0 + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q406 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q407 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q407 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q408 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q408 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q409 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q409 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q410 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q410 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q411 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q411 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q412 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q412 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q413 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q413 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q414 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q414 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q415 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q415 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q416 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q416 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q417 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q417 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q418 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q418 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q419 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q419 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q420 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q420 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q421 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q421 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q422 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q422 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q423 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q423 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q424 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q424 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q425 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q425 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q426 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q426 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q427 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q427 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q428 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q428 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q429 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q429 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q430 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->t1 + e4->t1 + e5->t1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q430 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q431 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q431 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q432 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q432 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q433 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q433 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q434 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in Write - Release and e5 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q434 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q435 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q435 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q436 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q436 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q437 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q437 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q438 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Release and e4 in Release and e5 in Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e4->a_0 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e5 in rf) and ptx_mm
}
run q438 for exactly 6 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q439 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q439 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q440 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q440 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q441 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q441 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q442 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q442 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q443 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q443 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q444 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q444 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q445 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q445 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q446 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Write - Release and e4 in FenceSC and e5 in Write - Release and e6 in FenceSC and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e5->e6 + e6->e7 and start = t0->e0 + t1->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_1 + e5->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e3->e2 in rf) and (e0->e7 in rf) and ptx_mm
}
run q446 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q447 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->t1 + e6->t1 + e7->t1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q447 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q448 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->t1 + e6->t1 + e7->t1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q448 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q449 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->t1 + e6->t1 + e7->t1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q449 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q450 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->t1 + e6->t1 + e7->t1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q450 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q451 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q451 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q452 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q452 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q453 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q453 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q454 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q454 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q455 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Release and e6 in Release and e7 in Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q455 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q456 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Release and e6 in Release and e7 in Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q456 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q457 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Release and e6 in Release and e7 in Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q457 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q458 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Release and e6 in Release and e7 in Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q458 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q459 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Write - Release and e8 in FenceAcqRel - FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 + e8->c0 + e9->c0 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q459 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q460 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Write - Release and e8 in FenceAcqRel - FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c1 + e6->c1 + e7->c1 + e8->c1 + e9->c1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q460 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q461 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Write - Release and e8 in FenceAcqRel - FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu + e9->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q461 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q462 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Write - Release and e8 in FenceAcqRel - FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu + e9->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q462 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q463 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceSC and e7 in Write - Release and e8 in FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 + e8->c0 + e9->c0 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q463 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q464 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceSC and e7 in Write - Release and e8 in FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c1 + e6->c1 + e7->c1 + e8->c1 + e9->c1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q464 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q465 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceSC and e7 in Write - Release and e8 in FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu + e9->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q465 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q466 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceSC and e7 in Write - Release and e8 in FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu + e9->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q466 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q467 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->t1 + e6->t1 + e7->t1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q467 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q468 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->t1 + e6->t1 + e7->t1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q468 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q469 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->t1 + e6->t1 + e7->t1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q469 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q470 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->t1 + e6->t1 + e7->t1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q470 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q471 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q471 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q472 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q472 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q473 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q473 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q474 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in Write - Release and e7 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q474 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q475 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Release and e6 in Release and e7 in Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q475 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q476 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Release and e6 in Release and e7 in Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c1 + e6->c1 + e7->c1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q476 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q477 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Release and e6 in Release and e7 in Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q477 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q478 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Release and e6 in Release and e7 in Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e6->a_0 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e7 in rf) and ptx_mm
}
run q478 for exactly 8 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q479 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Write - Release and e8 in FenceAcqRel - FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 + e8->c0 + e9->c0 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q479 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q480 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Write - Release and e8 in FenceAcqRel - FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c1 + e6->c1 + e7->c1 + e8->c1 + e9->c1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q480 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q481 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Write - Release and e8 in FenceAcqRel - FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu + e9->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q481 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q482 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceAcqRel - FenceSC and e7 in Write - Release and e8 in FenceAcqRel - FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu + e9->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q482 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q483 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceSC and e7 in Write - Release and e8 in FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 + e8->c0 + e9->c0 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q483 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q484 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceSC and e7 in Write - Release and e8 in FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c1 + e6->c1 + e7->c1 + e8->c1 + e9->c1 and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q484 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q485 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceSC and e7 in Write - Release and e8 in FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu + e9->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q485 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 5 Scope
pred q486 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8, e9: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1: Scope - Thread, t0, t1: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9 and Address = a_0 + a_1 and Thread = t0 + t1 and Scope = s_sys + s_gpu + c0 + c1 + t0 + t1 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in FenceSC and e4 in Read - Acquire and e5 in Write - Release and e6 in FenceSC and e7 in Write - Release and e8 in FenceSC and e9 in Read - Acquire and
    po = e0->e1 + e1->e2 + e2->e3 + e3->e4 + e5->e6 + e6->e7 + e7->e8 + e8->e9 and start = t0->e0 + t1->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + c0->t0 + c1->t1 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu + e9->s_gpu and
    address = e0->a_0 + e2->a_1 + e4->a_1 + e5->a_1 + e7->a_0 + e9->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e5->e4 in rf) and (e0->e9 in rf) and ptx_mm
}
run q486 for exactly 10 Event, exactly 2 Address, exactly 2 Thread, exactly 6 Scope
pred q487 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->t0 + e1->t1 + e2->t1 + e3->t2 + e4->t2 and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q487 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q488 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->t0 + e1->t1 + e2->t1 + e3->t2 + e4->t2 and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q488 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q489 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q489 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q490 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->c0 + e1->c1 + e2->c1 + e3->c2 + e4->c2 and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q490 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q491 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q491 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q492 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in Write - Release and e3 in Read - Acquire and e4 in Read - Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q492 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q493 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Release and e1 in Acquire and e2 in Release and e3 in Acquire and e4 in Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q493 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q494 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Release and e1 in Acquire and e2 in Release and e3 in Acquire and e4 in Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->c0 + e1->c1 + e2->c1 + e3->c2 + e4->c2 and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q494 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q495 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Release and e1 in Acquire and e2 in Release and e3 in Acquire and e4 in Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q495 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q496 {
  some disj e0, e1, e2, e3, e4: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Release and e1 in Acquire and e2 in Release and e3 in Acquire and e4 in Acquire and
    po = e1->e2 + e3->e4 and start = t0->e0 + t1->e1 + t2->e3 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu and
    address = e0->a_0 + e1->a_0 + e2->a_1 + e3->a_1 + e4->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e2->e3 in rf) and (no rf.e4) and ptx_mm
}
run q496 for exactly 5 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q497 {
  some disj e0, e1, e2, e3, e4, e5, e6: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Write - Release and e4 in Read - Acquire and e5 in FenceAcqRel - FenceSC and e6 in Read - Acquire and
    po = e1->e2 + e2->e3 + e4->e5 + e5->e6 and start = t0->e0 + t1->e1 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 and
    address = e0->a_0 + e1->a_0 + e3->a_1 + e4->a_1 + e6->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e3->e4 in rf) and (no rf.e6) and ptx_mm
}
run q497 for exactly 7 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q498 {
  some disj e0, e1, e2, e3, e4, e5, e6: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Write - Release and e4 in Read - Acquire and e5 in FenceAcqRel - FenceSC and e6 in Read - Acquire and
    po = e1->e2 + e2->e3 + e4->e5 + e5->e6 and start = t0->e0 + t1->e1 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->c0 + e1->c1 + e2->c1 + e3->c1 + e4->c2 + e5->c2 + e6->c2 and
    address = e0->a_0 + e1->a_0 + e3->a_1 + e4->a_1 + e6->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e3->e4 in rf) and (no rf.e6) and ptx_mm
}
run q498 for exactly 7 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q499 {
  some disj e0, e1, e2, e3, e4, e5, e6: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Write - Release and e4 in Read - Acquire and e5 in FenceAcqRel - FenceSC and e6 in Read - Acquire and
    po = e1->e2 + e2->e3 + e4->e5 + e5->e6 and start = t0->e0 + t1->e1 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_1 + e4->a_1 + e6->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e3->e4 in rf) and (no rf.e6) and ptx_mm
}
run q499 for exactly 7 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q500 {
  some disj e0, e1, e2, e3, e4, e5, e6: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceAcqRel - FenceSC and e3 in Write - Release and e4 in Read - Acquire and e5 in FenceAcqRel - FenceSC and e6 in Read - Acquire and
    po = e1->e2 + e2->e3 + e4->e5 + e5->e6 and start = t0->e0 + t1->e1 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_1 + e4->a_1 + e6->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e3->e4 in rf) and (no rf.e6) and ptx_mm
}
run q500 for exactly 7 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q501 {
  some disj e0, e1, e2, e3, e4, e5, e6: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Write - Release and e4 in Read - Acquire and e5 in FenceSC and e6 in Read - Acquire and
    po = e1->e2 + e2->e3 + e4->e5 + e5->e6 and start = t0->e0 + t1->e1 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 and
    address = e0->a_0 + e1->a_0 + e3->a_1 + e4->a_1 + e6->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e3->e4 in rf) and (no rf.e6) and ptx_mm
}
run q501 for exactly 7 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q502 {
  some disj e0, e1, e2, e3, e4, e5, e6: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Write - Release and e4 in Read - Acquire and e5 in FenceSC and e6 in Read - Acquire and
    po = e1->e2 + e2->e3 + e4->e5 + e5->e6 and start = t0->e0 + t1->e1 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->c0 + e1->c1 + e2->c1 + e3->c1 + e4->c2 + e5->c2 + e6->c2 and
    address = e0->a_0 + e1->a_0 + e3->a_1 + e4->a_1 + e6->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e3->e4 in rf) and (no rf.e6) and ptx_mm
}
run q502 for exactly 7 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q503 {
  some disj e0, e1, e2, e3, e4, e5, e6: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Write - Release and e4 in Read - Acquire and e5 in FenceSC and e6 in Read - Acquire and
    po = e1->e2 + e2->e3 + e4->e5 + e5->e6 and start = t0->e0 + t1->e1 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_1 + e4->a_1 + e6->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e3->e4 in rf) and (no rf.e6) and ptx_mm
}
run q503 for exactly 7 Event, exactly 2 Address, exactly 3 Thread, exactly 6 Scope
pred q504 {
  some disj e0, e1, e2, e3, e4, e5, e6: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Read - Acquire and e2 in FenceSC and e3 in Write - Release and e4 in Read - Acquire and e5 in FenceSC and e6 in Read - Acquire and
    po = e1->e2 + e2->e3 + e4->e5 + e5->e6 and start = t0->e0 + t1->e1 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu and
    address = e0->a_0 + e1->a_0 + e3->a_1 + e4->a_1 + e6->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e1 in rf) and (e3->e4 in rf) and (no rf.e6) and ptx_mm
}
run q504 for exactly 7 Event, exactly 2 Address, exactly 3 Thread, exactly 8 Scope
pred q505 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 + e4->t2 + e5->t2 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q505 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q506 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->t0 + e1->t0 + e2->t1 + e3->t1 + e4->t2 + e5->t2 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q506 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q507 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q507 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q508 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c2 + e5->c2 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q508 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q509 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q509 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q510 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Write - Release and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q510 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q511 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Release and e4 in Acquire and e5 in Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q511 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q512 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Release and e4 in Acquire and e5 in Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->c0 + e1->c0 + e2->c1 + e3->c1 + e4->c2 + e5->c2 and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q512 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q513 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Release and e4 in Acquire and e5 in Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q513 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q514 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Release and e4 in Acquire and e5 in Acquire and
    po = e0->e1 + e2->e3 + e4->e5 and start = t0->e0 + t1->e2 + t2->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_1 + e3->a_2 + e4->a_2 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e1->e2 in rf) and (e3->e4 in rf) and (no rf.e5) and ptx_mm
}
run q514 for exactly 6 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q515 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in Read - Acquire and e7 in FenceAcqRel - FenceSC and e8 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e6->e7 + e7->e8 and start = t0->e0 + t1->e3 + t2->e6 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 + e8->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_2 + e6->a_2 + e8->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (e5->e6 in rf) and (no rf.e8) and ptx_mm
}
run q515 for exactly 9 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q516 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in Read - Acquire and e7 in FenceAcqRel - FenceSC and e8 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e6->e7 + e7->e8 and start = t0->e0 + t1->e3 + t2->e6 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 + e6->c2 + e7->c2 + e8->c2 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_2 + e6->a_2 + e8->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (e5->e6 in rf) and (no rf.e8) and ptx_mm
}
run q516 for exactly 9 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q517 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in Read - Acquire and e7 in FenceAcqRel - FenceSC and e8 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e6->e7 + e7->e8 and start = t0->e0 + t1->e3 + t2->e6 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_2 + e6->a_2 + e8->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (e5->e6 in rf) and (no rf.e8) and ptx_mm
}
run q517 for exactly 9 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q518 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in FenceAcqRel - FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceAcqRel - FenceSC and e5 in Write - Release and e6 in Read - Acquire and e7 in FenceAcqRel - FenceSC and e8 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e6->e7 + e7->e8 and start = t0->e0 + t1->e3 + t2->e6 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_2 + e6->a_2 + e8->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (e5->e6 in rf) and (no rf.e8) and ptx_mm
}
run q518 for exactly 9 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q519 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and e6 in Read - Acquire and e7 in FenceSC and e8 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e6->e7 + e7->e8 and start = t0->e0 + t1->e3 + t2->e6 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 + e8->c0 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_2 + e6->a_2 + e8->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (e5->e6 in rf) and (no rf.e8) and ptx_mm
}
run q519 for exactly 9 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q520 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and e6 in Read - Acquire and e7 in FenceSC and e8 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e6->e7 + e7->e8 and start = t0->e0 + t1->e3 + t2->e6 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c1 + e4->c1 + e5->c1 + e6->c2 + e7->c2 + e8->c2 and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_2 + e6->a_2 + e8->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (e5->e6 in rf) and (no rf.e8) and ptx_mm
}
run q520 for exactly 9 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q521 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and e6 in Read - Acquire and e7 in FenceSC and e8 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e6->e7 + e7->e8 and start = t0->e0 + t1->e3 + t2->e6 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_2 + e6->a_2 + e8->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (e5->e6 in rf) and (no rf.e8) and ptx_mm
}
run q521 for exactly 9 Event, exactly 3 Address, exactly 3 Thread, exactly 6 Scope
pred q522 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7, e8: Event, a_0, a_1, a_2: Address, s_sys, s_gpu, c0, c1, c2: Scope - Thread, t0, t1, t2: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 and Address = a_0 + a_1 + a_2 and Thread = t0 + t1 + t2 and Scope = s_sys + s_gpu + c0 + c1 + c2 + t0 + t1 + t2 and
    e0 in Write - Release and e1 in FenceSC and e2 in Write - Release and e3 in Read - Acquire and e4 in FenceSC and e5 in Write - Release and e6 in Read - Acquire and e7 in FenceSC and e8 in Read - Acquire and
    po = e0->e1 + e1->e2 + e3->e4 + e4->e5 + e6->e7 + e7->e8 and start = t0->e0 + t1->e3 + t2->e6 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + c0->t0 + c1->t1 + c2->t2 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu + e8->s_gpu and
    address = e0->a_0 + e2->a_1 + e3->a_1 + e5->a_2 + e6->a_2 + e8->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e2->e3 in rf) and (e5->e6 in rf) and (no rf.e8) and ptx_mm
}
run q522 for exactly 9 Event, exactly 3 Address, exactly 3 Thread, exactly 8 Scope
pred q523 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->t0 + e1->t1 + e2->t2 + e3->t2 + e4->t3 + e5->t3 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q523 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q524 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->t0 + e1->t1 + e2->t2 + e3->t2 + e4->t3 + e5->t3 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q524 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
pred q525 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q525 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q526 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->c0 + e1->c1 + e2->c2 + e3->c2 + e4->c3 + e5->c3 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q526 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
pred q527 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q527 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q528 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in Read - Acquire and e4 in Read - Acquire and e5 in Read - Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q528 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
pred q529 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Acquire and e4 in Acquire and e5 in Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q529 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q530 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Acquire and e4 in Acquire and e5 in Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->c0 + e1->c1 + e2->c2 + e3->c2 + e4->c3 + e5->c3 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q530 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
pred q531 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Acquire and e4 in Acquire and e5 in Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q531 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q532 {
  some disj e0, e1, e2, e3, e4, e5: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Release and e1 in Release and e2 in Acquire and e3 in Acquire and e4 in Acquire and e5 in Acquire and
    po = e2->e3 + e4->e5 and start = t0->e0 + t1->e1 + t2->e2 + t3->e4 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e3->a_1 + e4->a_1 + e5->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e3) and (e1->e4 in rf) and (no rf.e5) and ptx_mm
}
run q532 for exactly 6 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
pred q533 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q533 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q534 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->c0 + e1->c1 + e2->c2 + e3->c2 + e4->c2 + e5->c3 + e6->c3 + e7->c3 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q534 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
pred q535 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q535 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q536 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceAcqRel - FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceAcqRel - FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q536 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
pred q537 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->c0 + e1->c0 + e2->c0 + e3->c0 + e4->c0 + e5->c0 + e6->c0 + e7->c0 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q537 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q538 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->c0 + e1->c1 + e2->c2 + e3->c2 + e4->c2 + e5->c3 + e6->c3 + e7->c3 and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q538 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
pred q539 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + c0->t0 + c0->t1 + c0->t2 + c0->t3 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q539 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 7 Scope
pred q540 {
  some disj e0, e1, e2, e3, e4, e5, e6, e7: Event, a_0, a_1: Address, s_sys, s_gpu, c0, c1, c2, c3: Scope - Thread, t0, t1, t2, t3: Thread |
    Event = e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 and Address = a_0 + a_1 and Thread = t0 + t1 + t2 + t3 and Scope = s_sys + s_gpu + c0 + c1 + c2 + c3 + t0 + t1 + t2 + t3 and
    e0 in Write - Release and e1 in Write - Release and e2 in Read - Acquire and e3 in FenceSC and e4 in Read - Acquire and e5 in Read - Acquire and e6 in FenceSC and e7 in Read - Acquire and
    po = e2->e3 + e3->e4 + e5->e6 + e6->e7 and start = t0->e0 + t1->e1 + t2->e2 + t3->e5 and
    subscope = s_sys->s_gpu + s_gpu->c0 + s_gpu->c1 + s_gpu->c2 + s_gpu->c3 + c0->t0 + c1->t1 + c2->t2 + c3->t3 and
    scope = e0->s_gpu + e1->s_gpu + e2->s_gpu + e3->s_gpu + e4->s_gpu + e5->s_gpu + e6->s_gpu + e7->s_gpu and
    address = e0->a_0 + e1->a_1 + e2->a_0 + e4->a_1 + e5->a_1 + e7->a_0 and
    no rmw and no dep and synchronizes = none->none and
    (e0->e2 in rf) and (no rf.e4) and (e1->e5 in rf) and (no rf.e7) and ptx_mm
}
run q540 for exactly 8 Event, exactly 2 Address, exactly 4 Thread, exactly 10 Scope
