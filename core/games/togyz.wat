;; Togyz kumalak's copy-make (`playInto` of togyz.ts) on positions in this memory, with SIMD:
;; `npm run -s wasm` assembles it into togyz-wasm-bytes.ts; togyz-wasm.ts runs it and fills the tables.
;; The host's memory holds at 0 the table INC (342 rows of 20 i32, key = from * 19 + r: 1 in each pit
;; a run of r stones sown from pit `from` reaches, as `RUN` of togyz.ts; cells 18 and 19, the
;; kazans' places, 0), LAST at 27360 (342 i32: where the run ends), OPP_COVER at 28728 (684 i32);
;; positions of 27 i32 cells in 128-byte slots from 32768 (the 5 spare cells of a slot let the
;; header move as two vectors). `play` returns 1 when the position may be over (the host's settle
;; then decides: a kazan at 82, both at 81, or the side to move without stones), else 0.
(module
  (import "m" "mem" (memory 1))
  (func (export "play") (param $src i32) (param $dst i32) (param $move i32) (result i32)
    (local $me i32) (local $from i32) (local $n i32) (local $laps i32) (local $key i32) (local $inc i32)
    (local $lv v128) (local $t0 i32) (local $t1 i32) (local $k0 i32) (local $k1 i32) (local $last i32)
    (local $oppBase i32) (local $c i32) (local $taken i32) (local $num i32) (local $oppTuz i32) (local $myTuz i32)
    (local $opp i32) (local $b i32)
    (local.set $me (i32.load offset=80 (local.get $src)))
    (local.set $from (i32.add (i32.mul (local.get $me) (i32.const 9)) (i32.sub (local.get $move) (i32.const 1))))
    (local.set $n (i32.load (i32.add (local.get $src) (i32.shl (local.get $from) (i32.const 2)))))
    (if (i32.eq (local.get $n) (i32.const 1))
      (then
        (local.set $key (i32.add (i32.mul
          (select (i32.const 0) (i32.add (local.get $from) (i32.const 1)) (i32.eq (local.get $from) (i32.const 17)))
          (i32.const 19)) (i32.const 1))))
      (else
        (if (i32.ge_s (local.get $n) (i32.const 18))
          (then
            (local.set $laps (i32.div_u (local.get $n) (i32.const 18)))
            (local.set $n (i32.sub (local.get $n) (i32.mul (local.get $laps) (i32.const 18))))))
        (local.set $key (i32.add (i32.mul (local.get $from) (i32.const 19)) (local.get $n)))))
    (local.set $inc (i32.mul (local.get $key) (i32.const 80)))
    (local.set $lv (i32x4.splat (local.get $laps)))
    ;; pits 0..15, then 16..19 with laps only on 16 and 17 (18, 19 are the kazans)
    (v128.store offset=0 (local.get $dst) (i32x4.add (i32x4.add (v128.load offset=0 (local.get $src)) (v128.load offset=0 (local.get $inc))) (local.get $lv)))
    (v128.store offset=16 (local.get $dst) (i32x4.add (i32x4.add (v128.load offset=16 (local.get $src)) (v128.load offset=16 (local.get $inc))) (local.get $lv)))
    (v128.store offset=32 (local.get $dst) (i32x4.add (i32x4.add (v128.load offset=32 (local.get $src)) (v128.load offset=32 (local.get $inc))) (local.get $lv)))
    (v128.store offset=48 (local.get $dst) (i32x4.add (i32x4.add (v128.load offset=48 (local.get $src)) (v128.load offset=48 (local.get $inc))) (local.get $lv)))
    (v128.store offset=64 (local.get $dst) (i32x4.add (i32x4.add (v128.load offset=64 (local.get $src)) (v128.load offset=64 (local.get $inc)))
      (v128.and (local.get $lv) (v128.const i32x4 -1 -1 0 0))))
    ;; header 20..27 as two vectors (27 is the slot's padding), then the cells that change
    (v128.store offset=80 (local.get $dst) (v128.load offset=80 (local.get $src)))
    (v128.store offset=96 (local.get $dst) (v128.load offset=96 (local.get $src)))
    ;; the origin pit: its laps and the first stone back (unless a single stone moved on)
    (i32.store (i32.add (local.get $dst) (i32.shl (local.get $from) (i32.const 2)))
      (i32.add (local.get $laps) (i32.load (i32.add (local.get $inc) (i32.shl (local.get $from) (i32.const 2))))))
    (local.set $t0 (i32.load offset=92 (local.get $src)))
    (local.set $t1 (i32.load offset=96 (local.get $src)))
    (local.set $k0 (i32.load offset=72 (local.get $src)))
    (local.set $k1 (i32.load offset=76 (local.get $src)))
    (if (i32.ne (local.get $t0) (i32.const -1))
      (then
        (local.set $b (i32.add (local.get $dst) (i32.shl (local.get $t0) (i32.const 2))))
        (local.set $k0 (i32.add (local.get $k0) (i32.load (local.get $b))))
        (i32.store (local.get $b) (i32.const 0))))
    (if (i32.ne (local.get $t1) (i32.const -1))
      (then
        (local.set $b (i32.add (local.get $dst) (i32.shl (local.get $t1) (i32.const 2))))
        (local.set $k1 (i32.add (local.get $k1) (i32.load (local.get $b))))
        (i32.store (local.get $b) (i32.const 0))))
    (local.set $last (i32.load offset=27360 (i32.shl (local.get $key) (i32.const 2))))
    (local.set $opp (i32.sub (i32.const 1) (local.get $me)))
    (local.set $oppBase (i32.mul (local.get $opp) (i32.const 9)))
    (if (i32.lt_u (i32.sub (local.get $last) (local.get $oppBase)) (i32.const 9))
      (then
        (local.set $b (i32.add (local.get $dst) (i32.shl (local.get $last) (i32.const 2))))
        (local.set $c (i32.load (local.get $b)))
        (if (i32.eq (local.get $c) (i32.const 3))
          (then
            (local.set $num (i32.sub (local.get $last) (local.get $oppBase)))
            (local.set $oppTuz (select (local.get $t1) (local.get $t0) (i32.eqz (local.get $me))))
            (local.set $myTuz (select (local.get $t0) (local.get $t1) (i32.eqz (local.get $me))))
            (if (i32.and (i32.and (i32.eq (local.get $myTuz) (i32.const -1)) (i32.ne (local.get $num) (i32.const 8)))
                  (i32.or (i32.eq (local.get $oppTuz) (i32.const -1))
                          (i32.ne (i32.sub (local.get $oppTuz) (i32.mul (local.get $me) (i32.const 9))) (local.get $num))))
              (then
                (i32.store offset=92 (i32.add (local.get $dst) (i32.shl (local.get $me) (i32.const 2))) (local.get $last))
                (i32.store (local.get $b) (i32.const 0))
                (if (i32.eqz (local.get $me))
                  (then (local.set $k0 (i32.add (local.get $k0) (i32.const 3))))
                  (else (local.set $k1 (i32.add (local.get $k1) (i32.const 3))))))))
          (else
            (local.set $taken (i32.and (local.get $c) (i32.sub (i32.and (local.get $c) (i32.const 1)) (i32.const 1))))
            (i32.store (local.get $b) (i32.sub (local.get $c) (local.get $taken)))
            (if (i32.eqz (local.get $me))
              (then (local.set $k0 (i32.add (local.get $k0) (local.get $taken))))
              (else (local.set $k1 (i32.add (local.get $k1) (local.get $taken)))))))))
    (i32.store offset=72 (local.get $dst) (local.get $k0))
    (i32.store offset=76 (local.get $dst) (local.get $k1))
    (i32.store offset=84 (local.get $dst) (i32.add (i32.load offset=84 (local.get $src)) (i32.const 1)))
    (i32.store offset=80 (local.get $dst) (local.get $opp))
    ;; 1 when the end checks must run (the host's settle decides): a kazan at 82, both at 81, or a
    ;; short run that left the opponent without stones
    (if (i32.and (i32.eqz (local.get $laps))
          (i32.lt_s (i32.load offset=28728 (i32.shl (i32.add (i32.mul (local.get $me) (i32.const 342)) (local.get $key)) (i32.const 2))) (i32.const 3)))
      (then
        (local.set $b (i32.add (local.get $dst) (i32.shl (local.get $oppBase) (i32.const 2))))
        (if (i32.eqz (i32.add (i32.add (i32.add (i32.load offset=0 (local.get $b)) (i32.load offset=4 (local.get $b)))
                                        (i32.add (i32.load offset=8 (local.get $b)) (i32.load offset=12 (local.get $b))))
                               (i32.add (i32.add (i32.add (i32.load offset=16 (local.get $b)) (i32.load offset=20 (local.get $b)))
                                        (i32.add (i32.load offset=24 (local.get $b)) (i32.load offset=28 (local.get $b))))
                                        (i32.load offset=32 (local.get $b)))))
          (then (return (i32.const 1))))))
    (i32.or
      (i32.or (i32.ge_s (local.get $k0) (i32.const 82)) (i32.ge_s (local.get $k1) (i32.const 82)))
      (i32.and (i32.eq (local.get $k0) (i32.const 81)) (i32.eq (local.get $k1) (i32.const 81)))))
)
