! Moreau–Jean's time-stepping scheme (a θ-method on the velocity with the impact law at velocity
! level, as Siconos's MoreauJeanOSI) for the impact oscillator, as an external program for vibro
! (docs/own_scheme.md, protocol vibro-external-scheme/1), in Fortran 2008 with gfortran only:
!
!   gfortran -O2 -o moreau_jean moreau_jean.f90
!   vibro converge cases/study_ps_centered_periodic.toml --scheme-command './moreau_jean'
!   vibro converge … --scheme-command './moreau_jean 1.0'      (θ, default 1/2)
!
! Model: u'' + 2 alpha u' + u = a cos(omega t), u >= u_min, restitution e. Step n → n + 1:
!   u_{n+1} = u_n + h (θ v_{n+1} + (1 − θ) v_n),
!   v_{n+1} = v_n + h (θ f(t_{n+1}, u_{n+1}, v_{n+1}) + (1 − θ) f(t_n, u_n, v_n)) + p,
! solved in closed form (f is affine); the contact is active when the predicted position
! u_n + h/2 v_n is at or below u_min, and then the impulse p ≥ 0 makes v_{n+1} ≥ −e v_n
! (0 ≤ v_{n+1} + e v_n ⊥ p ≥ 0, Newton's law at velocity level). Row n: t_n, u_n, v_n, and
! contact = 1 where p > 0 made the row.
!
! Buffering done right: gfortran writes one system call per record of formatted output to a
! pipe, so the rows are formatted into a 64 KiB buffer by internal writes and written as one
! unformatted stream record when it is full (docs/own_scheme.md "Buffering").
!
! The JSON reader is the least that reads vibro's problem: it finds each key it needs and the
! number after the "double" that follows it. A program of your own would use a JSON library.
program moreau_jean
  use, intrinsic :: iso_fortran_env, only: input_unit, error_unit, real64, int64
  implicit none
  integer, parameter :: dp = real64
  character(len=:), allocatable :: problem
  character(len=65536) :: buffer
  character(len=128) :: row, argument
  integer :: used, out, status
  real(dp) :: alpha, a, omega, u_min, e, t0, u0, v0, h, theta, t, u, v, u_next, v_next, v_free, rhs, k
  integer(int64) :: steps, n
  logical :: active

  theta = 0.5_dp
  if (command_argument_count() > 1) call refuse('the one option is θ, a number in [0, 1]')
  if (command_argument_count() == 1) then
    call get_command_argument(1, argument)
    read (argument, *, iostat=status) theta
    if (status /= 0 .or. theta < 0 .or. theta > 1) call refuse('θ is a number in [0, 1]')
  end if
  call read_stdin(problem)
  if (index(problem, '"vibro-external-scheme/1"') == 0) call refuse('not a vibro-external-scheme/1 problem')
  if (index(problem, '"type": "impact-oscillator"') == 0 .and. index(problem, '"type":"impact-oscillator"') == 0) &
    call refuse('only the impact oscillator')
  alpha = number_of('"alpha"')
  a = number_of('"a"')
  omega = number_of('"omega"')
  u_min = number_of('"u_min"')
  e = number_of('"e"')
  t0 = number_of('"t0"')
  u0 = number_of('"u0"')
  v0 = number_of('"v0"')
  h = number_of('"h"')
  steps = whole_number_of('"steps"')
  if (.not. (h > 0 .and. steps >= 1 .and. e >= 0 .and. e <= 1 .and. alpha >= 0)) &
    call refuse('needs h > 0, steps >= 1, 0 <= e <= 1, alpha >= 0')

  open (newunit=out, file='/dev/stdout', access='stream', form='unformatted', status='old', action='write')
  used = 0
  call put('t,u,v,contact')
  t = t0
  u = u0
  v = v0
  call put_row(t, u, v, .false.)
  k = 2 * alpha
  do n = 1, steps
    ! v_{n+1} (1 + h θ k + h² θ²) = v_n + h θ (a cos ω t_{n+1} − u_n − h (1 − θ) v_n) + h (1 − θ) f_n + p
    rhs = v + h * theta * (a * cos(omega * (t0 + real(n, dp) * h)) - u - h * (1 - theta) * v) &
          + h * (1 - theta) * (a * cos(omega * t) - k * v - u)
    v_free = rhs / (1 + h * theta * k + h * h * theta * theta)
    active = u + h / 2 * v <= u_min .and. v_free + e * v < 0
    v_next = merge(-e * v, v_free, active)
    u_next = u + h * (theta * v_next + (1 - theta) * v)
    t = t0 + real(n, dp) * h
    u = u_next
    v = v_next
    call put_row(t, u, v, active)
  end do
  if (used > 0) write (out) buffer(1:used)
  close (out)

contains

  subroutine refuse(why)
    character(len=*), intent(in) :: why
    write (error_unit, '(a)') 'moreau_jean.f90: ' // why
    stop 2
  end subroutine refuse

  ! The whole of stdin, its lines joined.
  subroutine read_stdin(text)
    character(len=:), allocatable, intent(out) :: text
    character(len=4096) :: chunk
    integer :: got, iostat
    text = ''
    do
      read (input_unit, '(a)', advance='no', size=got, iostat=iostat) chunk
      text = text // chunk(1:got)
      if (is_iostat_end(iostat)) exit
      if (iostat > 0) call refuse('cannot read the problem on stdin')
    end do
  end subroutine read_stdin

  ! The number after the first "double" that follows `key` (a key in quotes).
  real(dp) function number_of(key)
    character(len=*), intent(in) :: key
    integer :: at, from, to, iostat
    at = index(problem, key // ':')
    if (at == 0) call refuse('the problem has no ' // key)
    from = index(problem(at:), '"double":')
    if (from == 0) call refuse('the problem has no number for ' // key)
    from = at + from - 1 + len('"double":')
    to = from + scan(problem(from:), ',}') - 2
    read (problem(from:to), *, iostat=iostat) number_of
    if (iostat /= 0) call refuse('the number of ' // key // ' is not finite')
  end function number_of

  ! The whole number right after `key` (a key in quotes).
  integer(int64) function whole_number_of(key)
    character(len=*), intent(in) :: key
    integer :: at, to, iostat
    at = index(problem, key // ':')
    if (at == 0) call refuse('the problem has no ' // key)
    at = at + len(key) + 1
    to = at + scan(problem(at:), ',}') - 2
    read (problem(at:to), *, iostat=iostat) whole_number_of
    if (iostat /= 0) call refuse(key // ' is not a whole number')
  end function whole_number_of

  ! A line into the buffer, which goes out as one write when full.
  subroutine put(line)
    character(len=*), intent(in) :: line
    if (used + len(line) + 1 > len(buffer)) then
      write (out) buffer(1:used)
      used = 0
    end if
    buffer(used + 1:used + len(line)) = line
    buffer(used + len(line) + 1:used + len(line) + 1) = new_line('a')
    used = used + len(line) + 1
  end subroutine put

  ! Row n: three numbers of 17 significant digits (they round-trip a double) and the flag.
  subroutine put_row(t, u, v, contact)
    real(dp), intent(in) :: t, u, v
    logical, intent(in) :: contact
    write (row, '(es24.16e3, ",", es24.16e3, ",", es24.16e3, ",", i1)') t, u, v, merge(1, 0, contact)
    call put(trim(adjustl(row)))
  end subroutine put_row

end program moreau_jean
