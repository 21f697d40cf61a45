# Adapts the ai package of main 109074d to today's battle API, applied by
# run.sh to the copied oldai package. API drift only, no change of what the
# old opponent decides:
# - grenades became a count (battle.FireAP.Grenades, battle.Assault.Grenades:
#   int, up to battle.GrenadeLimit) from a flag meaning one grenade an
#   attack: the old opponent's "with grenades" is a count of 1, its "without"
#   0, and a test of the flag is a test for any;
# - battle.Doomed (a unit whose destruction under simultaneous fire was
#   rolled and held for the phase's end) is gone: shots are now declared and
#   rolled together by battle.Resolve, so no unit is ever doomed before the
#   roll, and the old filter keeps every target;
# - battle.APWeapon takes the hex the unit fires from (3552e9f: a mortar's
#   building and bunker rules at the pose asked for): the old opponent asked
#   it of the hex the unit stands in, which is what it is given.
s/\(\<og\|\<gro\)\.Grenades = true$/\1.Grenades = 1/
s/if o\.Grenades {$/if o.Grenades > 0 {/
s/for _, gr := range \[\]bool{false, true} {$/for _, gr := range []int{0, 1} {/
s/return d\.b\.Doomed(e\.ID) }/return false }/
s/v\.b\.APWeapon(u, \([^)]*\))/v.b.APWeapon(u, u.Pose.Hex, \1)/
